import type { AdminListQuery, CountryView, GovernorateAdminView, MasterDataItemView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { COUNTRIES, GOVERNORATES, MASTER_DATA, type CountryDoc, type GovernorateDoc, type MasterDataDoc } from '@evc/projections';
import { runAdminList, type ListAnswer } from '../shared/admin-list';

const revisionOf = (d: { revision: number; updatedAt: string }) => ({ revision: d.revision, updatedAt: d.updatedAt });
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

export const masterDataView = (d: MasterDataDoc): MasterDataItemView => ({
  itemId: d.itemId,
  kind: d.kind,
  name: d.name,
  nameTranslation: d.nameTranslation,
  value: d.value,
  parentId: d.parentId,
  parentName: d.parentName,
  parentNameAr: d.parentNameAr ?? d.parentName,
  isActive: d.isActive,
  usageCount: d.usageCount,
  ...revisionOf(d),
});

export const governorateView = (d: GovernorateDoc): GovernorateAdminView => ({
  governorateId: d.governorateId,
  countryId: d.countryId,
  nameEn: d.nameEn,
  nameAr: d.nameAr,
  isActive: d.isActive,
  stationCount: d.stationCount,
  ...revisionOf(d),
});

export const countryView = (d: CountryDoc, governorateCount: number): CountryView => ({
  countryId: d.countryId,
  iso: d.iso,
  nameEn: d.nameEn,
  nameAr: d.nameAr,
  phoneCode: d.phoneCode,
  currency: d.currency,
  flagFileId: d.flagFileId,
  isActive: d.isActive,
  governorateCount,
  ...revisionOf(d),
});

/** The staff lists of the catalog: master data, countries, governorates. */
export class CatalogAdminQueries {
  constructor(private readonly documents: DocumentStore) {}

  masterData(q: AdminListQuery & { kind: MasterDataItemView['kind']; parentId?: string }): Promise<ListAnswer<MasterDataItemView>> {
    return runAdminList(
      {
        collection: MASTER_DATA.in(this.documents),
        filter: { kind: q.kind, ...(q.parentId ? { parentId: q.parentId } : {}) },
        sortable: {
          name: 'name',
          nameTranslation: 'nameTranslation',
          value: 'value',
          parentName: 'parentName',
          isActive: 'isActive',
          usageCount: 'usageCount',
          updatedAt: 'updatedAt',
        },
        defaultSort: { name: 1, _id: 1 },
        activeField: 'isActive',
        toView: masterDataView,
        columns: [
          { header: 'Name', value: (v) => v.name },
          { header: 'Name (translation)', value: (v) => v.nameTranslation },
          { header: 'Value', value: (v) => v.value },
          ...(q.kind === 'carType' ? [{ header: 'Brand', value: (v: MasterDataItemView) => v.parentName }] : []),
          { header: 'Active', value: (v) => yesNo(v.isActive) },
          { header: 'In use', value: (v) => v.usageCount },
        ],
      },
      q,
    );
  }

  async countries(q: AdminListQuery): Promise<ListAnswer<CountryView>> {
    const counts = await GOVERNORATES.in(this.documents)
      .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$countryId', n: { $sum: 1 } } }])
      .toArray();
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    return runAdminList(
      {
        collection: COUNTRIES.in(this.documents),
        sortable: {
          nameEn: 'nameEn',
          nameAr: 'nameAr',
          iso: 'iso',
          phoneCode: 'phoneCode',
          currency: 'currency',
          isActive: 'isActive',
          updatedAt: 'updatedAt',
        },
        defaultSort: { nameEn: 1, _id: 1 },
        activeField: 'isActive',
        toView: (d) => countryView(d, countOf.get(d.countryId) ?? 0),
        columns: [
          { header: 'Name', value: (v) => v.nameEn },
          { header: 'Name (Arabic)', value: (v) => v.nameAr },
          { header: 'ISO', value: (v) => v.iso },
          { header: 'Phone code', value: (v) => v.phoneCode },
          { header: 'Currency', value: (v) => v.currency },
          { header: 'Active', value: (v) => yesNo(v.isActive) },
          { header: 'Governorates', value: (v) => v.governorateCount },
        ],
      },
      q,
    );
  }

  governorates(q: AdminListQuery & { countryId?: string }): Promise<ListAnswer<GovernorateAdminView>> {
    return runAdminList(
      {
        collection: GOVERNORATES.in(this.documents),
        filter: q.countryId ? { countryId: q.countryId } : {},
        sortable: {
          nameEn: 'nameEn',
          nameAr: 'nameAr',
          countryId: 'countryId',
          isActive: 'isActive',
          stationCount: 'stationCount',
          updatedAt: 'updatedAt',
        },
        defaultSort: { nameEn: 1, _id: 1 },
        activeField: 'isActive',
        toView: governorateView,
        columns: [
          { header: 'Name', value: (v) => v.nameEn },
          { header: 'Name (Arabic)', value: (v) => v.nameAr },
          { header: 'Country', value: (v) => v.countryId },
          { header: 'Active', value: (v) => yesNo(v.isActive) },
          { header: 'Stations', value: (v) => v.stationCount },
        ],
      },
      q,
    );
  }
}
