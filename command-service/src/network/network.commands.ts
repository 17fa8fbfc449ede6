import type { RegisterCharger } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** A charger whose key hash is already known (the demo seed keeps its keys in DATA_DIR/demo-chargers.json). */
export class RegisterChargerCommand extends PayloadCommand<RegisterCharger> {}
