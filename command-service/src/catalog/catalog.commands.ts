import type { z } from 'zod';
import type { deleteItemSchema, updateCountrySchema, updateGovernorateSchema, updateMasterDataItemSchema } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';
import type { UsedBy } from '../shared/usage';
import type { CountryData, GovernorateData, MasterDataData } from './catalog.deciders';

export class RegisterCountryCommand extends PayloadCommand<CountryData> {}
export class UpdateCountryCommand extends PayloadCommand<z.infer<typeof updateCountrySchema>> {}
export class RegisterGovernorateCommand extends PayloadCommand<GovernorateData> {}
export class UpdateGovernorateCommand extends PayloadCommand<z.infer<typeof updateGovernorateSchema>> {}
export class DeleteGovernorateCommand extends PayloadCommand<z.infer<typeof deleteItemSchema>> {}
export class CreateMasterDataItemCommand extends PayloadCommand<MasterDataData> {}
export class UpdateMasterDataItemCommand extends PayloadCommand<z.infer<typeof updateMasterDataItemSchema>> {}
export class DeleteMasterDataItemCommand extends PayloadCommand<z.infer<typeof deleteItemSchema>> {}
/** For the issues that use master data (cars, customers): record and release a use of an item. */
export class LinkMasterDataUsageCommand extends PayloadCommand<{ itemId: string; usedBy: UsedBy }> {}
export class UnlinkMasterDataUsageCommand extends PayloadCommand<{ itemId: string; usedById: string }> {}
