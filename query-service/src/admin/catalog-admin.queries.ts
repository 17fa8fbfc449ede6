import type { AdminListQuery, CountryView, GovernorateAdminView, MasterDataItemView } from '@evc/contracts';
import type { Doc, DocumentStore } from '@evc/platform';
import { RM } from '@evc/projections';
import { runAdminList, type ListAnswer } from './admin-list';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const revisionOf = (d: Doc) => ({ revision: Number(d.revision ?? 0), updatedAt: str(d.updatedAt) });
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

const masterDataView = (d: Doc): MasterDataItemView => ({
  itemId: str(d.itemId),
  kind: d.kind as MasterDataItemView['kind'],
  name: str(d.name),
  nameTranslation: str(d.nameTranslation),
  value: str(d.value),
  parentId: typeof d.parentId === 'string' ? d.parentId : null,
  parentName: typeof d.parentName === 'string' ? d.parentName : null,
  isActive: d.isActive !== false,
  usageCount: Number(d.usageCount ?? 0),
  ...revisionOf(d),
});

const governorateView = (d: Doc): GovernorateAdminView => ({
  governorateId: str(d.governorateId),
  countryId: str(d.countryId),
  nameEn: str(d.nameEn),
  nameAr: str(d.nameAr),
  isActive: d.isActive !== false,
  stationCount: Number(d.stationCount ?? 0),
  ...revisionOf(d),
});

/** The staff lists of the catalog: master data, countries, governorates. */
export class CatalogAdminQueries {
  constructor(private readonly documents: DocumentStore) {}

  masterData(q: AdminListQuery & { kind: MasterDataItemView['kind']; parentId?: string }): Promise<ListAnswer<MasterDataItemView>> {
    return runAdminList(
      {
        collection: this.documents.collection(RM.masterData),
        filter: { kind: q.kind, ...(q.parentId ? { parentId: q.parentId } : {}) },
        sortable: { name: 'name', nameTranslation: 'nameTranslation', value: 'value', parentName: 'parentName', isActive: 'isActive', usageCount: 'usageCount', updatedAt: 'updatedAt' },
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
    const counts = await this.documents
      .collection(RM.governorates)
      .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$countryId', n: { $sum: 1 } } }])
      .toArray();
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    return runAdminList(
      {
        collection: this.documents.collection(RM.countries),
        sortable: { nameEn: 'nameEn', nameAr: 'nameAr', iso: 'iso', phoneCode: 'phoneCode', currency: 'currency', isActive: 'isActive', updatedAt: 'updatedAt' },
        defaultSort: { nameEn: 1, _id: 1 },
        activeField: 'isActive',
        toView: (d) => ({
          countryId: str(d.countryId),
          iso: str(d.iso),
          nameEn: str(d.nameEn),
          nameAr: str(d.nameAr),
          phoneCode: str(d.phoneCode),
          currency: str(d.currency),
          flagFileId: typeof d.flagFileId === 'string' ? d.flagFileId : null,
          isActive: d.isActive !== false,
          governorateCount: countOf.get(str(d.countryId)) ?? 0,
          ...revisionOf(d),
        }),
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
        collection: this.documents.collection(RM.governorates),
        filter: q.countryId ? { countryId: q.countryId } : {},
        sortable: { nameEn: 'nameEn', nameAr: 'nameAr', countryId: 'countryId', isActive: 'isActive', stationCount: 'stationCount', updatedAt: 'updatedAt' },
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
