import type { AdminListQuery, CountryView, GovernorateAdminView, GovernorateView, Paged } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { COUNTRIES, GOVERNORATES, STATIONS, type CountryDoc, type GovernorateDoc } from '@evc/projections';
import { runAdminList, type ListAnswer } from '../shared/admin-list';

const revisionOf = (d: { revision: number; updatedAt: string }) => ({ revision: d.revision, updatedAt: d.updatedAt });
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

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

/** Countries and governorates: the public list of active governorates, and the staff's lists. */
export class GeographyQueries {
  constructor(private readonly documents: DocumentStore) {}

  async governorates(): Promise<Paged<GovernorateView>> {
    const [govs, counts] = await Promise.all([
      GOVERNORATES.in(this.documents)
        .find({ isActive: true }, { sort: { nameEn: 1 } })
        .toArray(),
      STATIONS.in(this.documents)
        .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$governorateId', n: { $sum: 1 } } }])
        .toArray(),
    ]);
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    const dataList = govs.map((g) => ({
      governorateId: g.governorateId,
      countryId: g.countryId,
      nameEn: g.nameEn,
      nameAr: g.nameAr,
      isActive: true,
      ...(g.centre ? { centre: g.centre } : {}),
      stationCount: countOf.get(g.governorateId) ?? 0,
    }));
    return { dataList, totalCount: dataList.length };
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

  adminGovernorates(q: AdminListQuery & { countryId?: string }): Promise<ListAnswer<GovernorateAdminView>> {
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
