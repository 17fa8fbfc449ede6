import type { ContextParts } from '../shared/context-parts';
import {
  DeleteGovernorateHandler,
  RegisterCountryHandler,
  RegisterGovernorateHandler,
  UpdateCountryHandler,
  UpdateGovernorateHandler,
} from './catalog.handlers';
import {
  CreateMasterDataItemHandler,
  DeleteMasterDataItemHandler,
  LinkMasterDataUsageHandler,
  UnlinkMasterDataUsageHandler,
  UpdateMasterDataItemHandler,
} from './master-data.handlers';

/** Countries, governorates and master data (car brands, types, battery ranges). */
export const catalogContext: ContextParts = {
  handlers: [
    RegisterCountryHandler,
    UpdateCountryHandler,
    RegisterGovernorateHandler,
    UpdateGovernorateHandler,
    DeleteGovernorateHandler,
    CreateMasterDataItemHandler,
    UpdateMasterDataItemHandler,
    DeleteMasterDataItemHandler,
    LinkMasterDataUsageHandler,
    UnlinkMasterDataUsageHandler,
  ],
};
