import type { CreateMasterDataItem, RegisterCountry, RegisterGovernorate } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class RegisterCountryCommand extends PayloadCommand<RegisterCountry> {}
export class RegisterGovernorateCommand extends PayloadCommand<RegisterGovernorate> {}
export class CreateMasterDataItemCommand extends PayloadCommand<CreateMasterDataItem> {}
