import type { ChargerCommandRequest, OutboundOcppResult } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** UpdateFirmware to one charger of a campaign, sent like staff's charger commands (so it is in the charger's history). */
export class SendFirmwareChargerCommand extends PayloadCommand<
  Extract<ChargerCommandRequest, { action: 'UpdateFirmware' }> & { commandId: string; chargerId: string }
> {}
/** A charger command's outcome, told to the campaigns (a follower of the chargers-live results consumer). */
export class RecordFirmwareCommandResultCommand extends PayloadCommand<OutboundOcppResult> {}
