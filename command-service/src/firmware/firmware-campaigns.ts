import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import {
  firmwareStreams,
  networkStreams,
  type ChargerLiveEvent,
  type FirmwareCampaignEvent,
  type InboundChargerMessage,
  type OutboundOcppResult,
} from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { chargerLiveDecider, type ChargerLiveState } from '../chargers-live/index';
import { newContext, type CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { eachInIndex } from '../shared/index-pages';
import { KeyedQueue } from '../shared/keyed-queue';
import { sharedStreamStates, type StreamStateCache } from '../shared/stream-state-cache';
import { wholeStream } from '../shared/stream-state';
import {
  firmwareCampaignDecider,
  hasCarOn,
  type ChargerNow,
  type FirmwareCampaignCommand,
  type FirmwareCampaignState,
} from './firmware-campaign.decider';
import type { FirmwareLinks } from './firmware-links';
import { SendFirmwareChargerCommand } from './firmware.commands';

const log = createLogger('firmware-campaigns');
const SYSTEM = { type: 'system', id: 'firmware-campaigns' } as const;

export interface FirmwareCampaignsOptions {
  /** How often running campaigns are ticked: chargers that became idle are asked, updates that took too long fail (ms). */
  sweepEveryMs?: number;
}

/**
 * The campaigns' process manager around their decider: it ticks each running campaign (with the time and the live
 * state of its wave's chargers, read from their `charger-live-` streams), hands it the chargers' firmware reports and
 * boots (ocpp.inbound) and the outcomes of its commands, and sends UpdateFirmware for each FirmwareUpdateRequested
 * this process appended. Running campaigns are found again in the event store at start, so a restart loses none;
 * decisions on one campaign are taken one at a time in this process, and the decision loop settles races with other
 * processes (only the process whose append won sends).
 */
export class FirmwareCampaigns {
  /** Running campaign → its chargers; charger → the running campaigns it is in; command → its campaign. */
  private readonly running = new Map<string, string[]>();
  private readonly campaignsOfCharger = new Map<string, Set<string>>();
  private readonly campaignOfCommand = new Map<string, string>();
  private readonly queue = new KeyedQueue();
  private readonly live: StreamStateCache<ChargerLiveEvent, ChargerLiveState>;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly commandBus: Pick<CommandBus, 'execute'>,
    private readonly links: FirmwareLinks,
    private readonly options: FirmwareCampaignsOptions = {},
  ) {
    this.live = sharedStreamStates(store, chargerLiveDecider, 50_000);
  }

  /** Finds the running campaigns and starts the sweep. */
  async start(): Promise<void> {
    const ids: string[] = [];
    await eachInIndex(this.store, { kind: 'type', type: 'FirmwareCampaignStarted' }, { pageSize: 500 }, (e) =>
      ids.push((e.data as { campaignId: string }).campaignId),
    );
    for (const id of ids) this.follow(id, await this.load(id));
    this.timer = setInterval(() => void this.sweep(), this.options.sweepEveryMs ?? 5_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A campaign was just started (by this process): tick it at once. */
  started(campaignId: string): Promise<void> {
    return this.tick(campaignId);
  }

  async sweep(): Promise<void> {
    for (const id of [...this.running.keys()])
      await this.tick(id).catch((error: unknown) => log.warn('firmware campaign tick failed', { campaignId: id, error: String(error) }));
  }

  /**
   * A charger's firmware report or boot, for each running campaign it is in (a campaign ignores a report about a
   * charger it has not asked, and a 2.0.1 report about another campaign's request).
   */
  async onInbound(m: InboundChargerMessage): Promise<void> {
    for (const campaignId of [...(this.campaignsOfCharger.get(m.chargerId) ?? [])]) await this.onReport(campaignId, m);
  }

  private async onReport(campaignId: string, m: InboundChargerMessage): Promise<void> {
    const at = m.receivedAt;
    const context = { ...newContext({ type: 'charger', id: m.chargerId }), causationId: `${m.connectionId}/${m.messageId}` };
    if (m.message.type === 'FirmwareStatusReported') {
      const { status, reportedStatus, requestId } = m.message;
      await this.decide(campaignId, { kind: 'status', chargerId: m.chargerId, status, reportedStatus, requestId, at }, context);
    } else if (m.message.type === 'Booted') {
      await this.decide(campaignId, { kind: 'booted', chargerId: m.chargerId, firmwareVersion: m.message.firmwareVersion, at }, context);
    }
  }

  /** The outcome of one of the campaigns' UpdateFirmware commands. */
  async onResult(r: OutboundOcppResult, context: CommandContext): Promise<void> {
    const campaignId = this.campaignOfCommand.get(r.commandId);
    if (!campaignId || r.status === 'sent') return;
    const command: FirmwareCampaignCommand = {
      kind: 'command-outcome',
      chargerId: r.chargerId,
      commandId: r.commandId,
      status: r.status,
      error: r.error,
      at: r.at,
    };
    await this.decide(campaignId, command, context);
  }

  private async tick(campaignId: string): Promise<void> {
    const state = await this.load(campaignId);
    if (state.status !== 'running') return this.follow(campaignId, state);
    const chargers: Record<string, ChargerNow> = {};
    const commandIds: Record<string, string> = {};
    for (const id of state.waves[state.wave] ?? []) {
      const c = state.chargers[id]!;
      if (c.state !== 'queued' && c.state !== 'waiting') continue;
      const { state: live } = await this.live.load(networkStreams.chargerLive(id));
      chargers[id] = { online: live.online, charging: hasCarOn(live.connectors) };
      commandIds[id] = randomUUID();
    }
    await this.decide(
      campaignId,
      { kind: 'tick', at: this.clock.now().toISOString(), chargers, commandIds },
      newContext(SYSTEM, 'campaign tick'),
    );
  }

  /**
   * Decides one command on a campaign (one at a time per campaign here), then sends what this append requested,
   * outside the queue: a command's outcome comes back as a decision on the same campaign.
   */
  private async decide(campaignId: string, command: FirmwareCampaignCommand, context: CommandContext): Promise<void> {
    const { events, state } = await this.queue.run(campaignId, async () => {
      const decision = await decideAndAppend(this.store, firmwareStreams.campaign(campaignId), firmwareCampaignDecider, command, context, {
        clock: this.clock,
      });
      this.follow(campaignId, decision.state);
      return decision;
    });
    for (const e of events) if (e.type === 'FirmwareUpdateRequested') await this.send(state, e, context);
    // A new wave is asked at once rather than at the next sweep.
    if (events.some((e) => e.type === 'FirmwareWaveStarted') && command.kind !== 'start') await this.tick(campaignId);
  }

  private async send(
    state: FirmwareCampaignState,
    e: Extract<FirmwareCampaignEvent, { type: 'FirmwareUpdateRequested' }>,
    context: CommandContext,
  ) {
    const { chargerId, commandId, requestId, at } = e.data;
    this.campaignOfCommand.set(commandId, state.campaignId);
    const location = this.links.urlFor(state.firmware!.firmwareId, chargerId, this.clock.now().getTime());
    const request = { action: 'UpdateFirmware' as const, location, retrieveDate: at, requestId, commandId, chargerId };
    try {
      await this.commandBus.execute(
        new SendFirmwareChargerCommand(request, { ...context, reason: `firmware campaign ${state.campaignId}` }),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The charger was deleted meanwhile: its update is refused, and the campaign stops as for any refusal.
      const outcome: FirmwareCampaignCommand = { kind: 'command-outcome', chargerId, commandId, status: 'rejected', error: error.code, at };
      await this.decide(state.campaignId, outcome, context);
    }
  }

  private load(campaignId: string): Promise<FirmwareCampaignState> {
    return wholeStream(this.store, firmwareCampaignDecider)
      .load(firmwareStreams.campaign(campaignId))
      .then((s) => s.state);
  }

  /** Keeps the maps in step with a campaign's state: a running one is followed, a finished one forgotten. */
  private follow(campaignId: string, state: FirmwareCampaignState): void {
    const chargers = Object.keys(state.chargers);
    if (state.status !== 'running') {
      if (!this.running.delete(campaignId)) return;
      for (const id of chargers) {
        const campaigns = this.campaignsOfCharger.get(id);
        campaigns?.delete(campaignId);
        if (campaigns?.size === 0) this.campaignsOfCharger.delete(id);
      }
      for (const [command, c] of this.campaignOfCommand) if (c === campaignId) this.campaignOfCommand.delete(command);
      return;
    }
    if (!this.running.has(campaignId)) {
      this.running.set(campaignId, chargers);
      for (const id of chargers) this.campaignsOfCharger.set(id, (this.campaignsOfCharger.get(id) ?? new Set()).add(campaignId));
    }
    for (const c of Object.values(state.chargers)) if (c.commandId) this.campaignOfCommand.set(c.commandId, campaignId);
  }
}
