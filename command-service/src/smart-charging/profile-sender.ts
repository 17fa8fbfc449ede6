import { Injectable } from '@nestjs/common';
import type { ChargingProfileCommand, CommandResult } from '@evc/contracts';
import { ChargerCommandSender } from '../chargers-live/index';
import type { CommandContext } from '../shared/command-context';

/**
 * Sends smart charging's profiles as charger commands: each is recorded on `charger-command-<commandId>` (the
 * charger's command history, with the cause as its reason) before it goes out, and the same command id sends once.
 */
@Injectable()
export class ProfileSender extends ChargerCommandSender {
  sendProfile(commandId: string, chargerId: string, request: ChargingProfileCommand, context: CommandContext): Promise<CommandResult> {
    return this.send({ ...request, commandId, chargerId }, context);
  }
}
