import type { z } from 'zod';
import type { RegisterCharger, RegisterStation, SetPricing, addChargerSchema, chargerRefSchema, deleteItemSchema, updateChargerSchema, updateStationSchema } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class RegisterStationCommand extends PayloadCommand<RegisterStation> {}
export class UpdateStationCommand extends PayloadCommand<z.infer<typeof updateStationSchema>> {}
export class DeleteStationCommand extends PayloadCommand<z.infer<typeof deleteItemSchema>> {}
/** A charger whose key hash is already known (the demo seed keeps its keys in DATA_DIR/demo-chargers.json). */
export class RegisterChargerCommand extends PayloadCommand<RegisterCharger> {}
/** A charger staff add: the server makes its key and answers it once (ChargerSecretResult). */
export class AddChargerCommand extends PayloadCommand<z.infer<typeof addChargerSchema>> {}
export class UpdateChargerCommand extends PayloadCommand<z.infer<typeof updateChargerSchema>> {}
export class DeleteChargerCommand extends PayloadCommand<z.infer<typeof chargerRefSchema>> {}
export class RotateChargerSecretCommand extends PayloadCommand<z.infer<typeof chargerRefSchema>> {}
export class SetPricingCommand extends PayloadCommand<SetPricing & { reason?: string }> {}
