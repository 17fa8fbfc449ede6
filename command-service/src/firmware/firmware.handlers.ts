import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { firmwareStreams, networkStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { ChargerCommandSender } from '../chargers-live/index';
import { chargerDecider } from '../network/index';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { sharedStreamStates } from '../shared/stream-state-cache';
import { wholeStream } from '../shared/stream-state';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { firmwareCampaignDecider } from './firmware-campaign.decider';
import type { FirmwareCampaigns } from './firmware-campaigns';
import { firmwareFileDecider } from './firmware-file.decider';
import { RecordFirmwareCommandResultCommand, SendFirmwareChargerCommand } from './firmware.commands';
import { FIRMWARE_CAMPAIGNS } from './firmware.tokens';

/** Starts a campaign: the firmware must exist and every charger be registered (and not deleted); then the first wave is asked. */
@HandlesCommand('firmware.start-campaign')
export class StartFirmwareCampaignHandler implements OperationHandler<'firmware.start-campaign'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FIRMWARE_CAMPAIGNS) private readonly campaigns: FirmwareCampaigns,
  ) {}

  async execute({ payload, context }: OperationCommand<'firmware.start-campaign'>): Promise<CommandResult> {
    const { campaignId, firmwareId, chargerIds, firstWavePercent, updateTimeoutMinutes } = payload;
    const { state: file } = await wholeStream(this.store, firmwareFileDecider).load(firmwareStreams.file(firmwareId));
    if (!file.data) throw new DomainError('firmware.file_not_found', 'No such firmware', [{ path: 'firmwareId', code: 'not_found' }]);
    const chargers = sharedStreamStates(this.store, chargerDecider, 50_000);
    for (const [i, id] of chargerIds.entries()) {
      const { state } = await chargers.load(networkStreams.charger(id));
      if (!state.data || state.deleted)
        throw new DomainError('firmware.charger_not_found', `No such charger: ${id}`, [{ path: `chargerIds.${i}`, code: 'not_found' }]);
    }
    const { version, fileName, size, checksum } = file.data;
    const { result } = await decideAndAppend(
      this.store,
      firmwareStreams.campaign(campaignId),
      firmwareCampaignDecider,
      {
        kind: 'start',
        campaignId,
        firmware: { firmwareId, version, fileName, size, checksum },
        chargerIds,
        firstWavePercent,
        updateTimeoutMs: updateTimeoutMinutes * 60_000,
        at: this.clock.now().toISOString(),
      },
      context,
      { clock: this.clock },
    );
    // What the caller was told is recorded; the first wave is asked now, and again by the sweep should this fail.
    await this.campaigns.started(campaignId).catch(() => undefined);
    return result;
  }
}

@CommandHandler(SendFirmwareChargerCommand)
export class SendFirmwareChargerCommandHandler
  extends ChargerCommandSender
  implements ICommandHandler<SendFirmwareChargerCommand, CommandResult>
{
  execute({ payload, context }: SendFirmwareChargerCommand) {
    return this.send(payload, context);
  }
}

@CommandHandler(RecordFirmwareCommandResultCommand)
export class RecordFirmwareCommandResultHandler implements ICommandHandler<RecordFirmwareCommandResultCommand, CommandResult> {
  constructor(@Inject(FIRMWARE_CAMPAIGNS) private readonly campaigns: FirmwareCampaigns) {}

  async execute({ payload, context }: RecordFirmwareCommandResultCommand): Promise<CommandResult> {
    await this.campaigns.onResult(payload, context);
    return { streamId: networkStreams.chargerCommand(payload.commandId), revision: -1, position: 0 };
  }
}
