import type { RegisterCharger, RegisterStation, SetPricing } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class RegisterStationCommand extends PayloadCommand<RegisterStation> {}
export class RegisterChargerCommand extends PayloadCommand<RegisterCharger> {}
export class SetPricingCommand extends PayloadCommand<SetPricing> {}
