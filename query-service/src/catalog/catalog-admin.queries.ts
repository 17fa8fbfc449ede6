import type { AdminListQuery, MasterDataItemView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { MASTER_DATA, type MasterDataDoc } from '@evc/projections';
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

/** The staff's master data lists. */
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
}
