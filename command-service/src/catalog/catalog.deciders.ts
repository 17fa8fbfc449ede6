import type { CreateMasterDataItem } from '@evc/contracts';
import { itemDecider } from '../shared/item.decider';

export type MasterDataData = CreateMasterDataItem;

/** Car brands, car types and battery ranges. A type links itself to its brand; later, cars and customers link too. */
export const masterDataDecider = itemDecider<MasterDataData>({
  idKey: 'itemId',
  events: {
    created: 'MasterDataItemCreated',
    updated: 'MasterDataItemUpdated',
    deleted: 'MasterDataItemDeleted',
    linked: 'MasterDataUsageLinked',
    unlinked: 'MasterDataUsageUnlinked',
  },
  existsCode: 'catalog.item_exists',
  notFoundCode: 'catalog.item_not_found',
  inUsePath: 'itemId',
});
