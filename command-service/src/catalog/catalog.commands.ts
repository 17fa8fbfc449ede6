import { PayloadCommand } from '../shared/payload-command';
import type { UsedBy } from '../shared/usage';

/** For the contexts that use master data (cars, customers): record and release a use of an item. */
export class LinkMasterDataUsageCommand extends PayloadCommand<{ itemId: string; usedBy: UsedBy }> {}
export class UnlinkMasterDataUsageCommand extends PayloadCommand<{ itemId: string; usedById: string }> {}
