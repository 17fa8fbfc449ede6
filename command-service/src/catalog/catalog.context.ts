import type { ContextParts } from '../shared/context-parts';
import {
  CreateMasterDataItemHandler,
  DeleteMasterDataItemHandler,
  LinkMasterDataUsageHandler,
  UnlinkMasterDataUsageHandler,
  UpdateMasterDataItemHandler,
} from './master-data.handlers';

/** Master data (car brands, types, battery ranges). */
export const catalogContext: ContextParts = {
  handlers: [
    CreateMasterDataItemHandler,
    UpdateMasterDataItemHandler,
    DeleteMasterDataItemHandler,
    LinkMasterDataUsageHandler,
    UnlinkMasterDataUsageHandler,
  ],
};
