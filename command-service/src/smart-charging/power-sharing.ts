import { Inject, Injectable, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  SMART_CHARGING_RULES,
  itemCause,
  smartChargingStreams,
  type ChargerCommandOutcome,
  type ChargingProfileCommand,
  type GridLimitPeriod,
  type PowerAllotment,
  type PowerShareCause,
  type ProfileAnswerStatus,
  type SmartChargingEvent,
} from '@evc/contracts';
import type { Bus, Clock, EventStore, RecordedEvent, Subscription } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext, type CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { uuidFrom } from '../shared/ids';
import { KeyedQueue } from '../shared/keyed-queue';
import { sharedStreamStates, type StreamStateCache } from '../shared/stream-state-cache';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { ProfileSender } from './profile-sender';
import { SitePicture, type PictureChange } from './site-picture';
import { sitePowerDecider, type SitePowerCommand, type SitePowerState } from './site-power.decider';

const log = createLogger('smart-charging');
const ACTOR = { type: 'system', id: 'smart-charging' } as const;
/** Stations' site-power states kept folded (more than a network has). */
const STATIONS_KEPT = 10_000;

/** How smart charging paces its work. */
export interface SmartChargingOptions {
  /** Changes at one station within this window are shared once (twenty cars arriving together: one profile each). */
  coalesceMs: number;
  /** Lowered limits are sent first; raised ones wait for their answers, at most this long, so the site never peaks. */
  decreaseWaitMs: number;
  /** How often period boundaries and chargers that dropped off are looked at. */
  tickMs: number;
  offlineReserveMs: number;
  /** The least a DC connector is given. */
  dcMinW: number;
}
export const SMART_CHARGING_OPTIONS = Symbol('SmartChargingOptions');
export const DEFAULT_SMART_CHARGING: SmartChargingOptions = {
  coalesceMs: 100,
  decreaseWaitMs: 3_000,
  tickMs: 5_000,
  offlineReserveMs: SMART_CHARGING_RULES.offlineReserveMs,
  dcMinW: SMART_CHARGING_RULES.dcMinW,
};

const ANSWERS: Record<ChargerCommandOutcome, ProfileAnswerStatus> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  not_supported: 'NotSupported',
  offline: 'NoAnswer',
  timeout: 'NoAnswer',
  error: 'Error',
};

/** Why a share is what it is, for the profile's command history and the PowerShared's reason. */
function reasonOf(cause: PowerShareCause, refusing: SitePowerState['refusing']): string {
  const refused = Object.entries(refusing).map(([chargerId, status]) => `${chargerId} answered ${status}: counted at full power`);
  return [cause, ...refused].join('; ');
}
const profileReason = (cause: string, a: PowerAllotment, effectiveLimitW: number) =>
  a.waiting
    ? `${cause}: waiting for power (limit ${effectiveLimitW} W shared with ${a.sharedWith} other cars)`
    : `${cause}: ${a.limitW} W of ${effectiveLimitW} W, shared with ${a.sharedWith} other cars`;

/**
 * The process that shares each station's grid limit. It follows the log (sessions starting and ending, chargers
 * booting and dropping off, profiles answered) into a SitePicture, and for a station with a limit decides on
 * `site-power-<stationId>` (one PowerShared per change, nothing when nothing changed) and sends each connector whose
 * share changed one profile: lowered ones first, raised ones once those are answered. Changes that arrive together
 * are coalesced; one station's work runs one at a time. At start it reads the whole log into the picture, then shares
 * each limited station again, so a change missed while it was down is made up (a repeat records nothing).
 */
@Injectable()
export class PowerSharing implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly picture: SitePicture;
  private readonly queue = new KeyedQueue();
  private readonly states: StreamStateCache<SmartChargingEvent, SitePowerState>;
  private readonly options: SmartChargingOptions;
  private readonly pending = new Map<string, { cause: PowerShareCause; timer: NodeJS.Timeout }>();
  /** Station → session → what its connector was last sent. */
  private readonly sent = new Map<string, Map<string, { chargerId: string; connectorId: number; limitW: number }>>();
  private readonly waiters = new Map<string, () => void>();
  private subscription: Subscription | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private liveAfter = Number.POSITIVE_INFINITY;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ProfileSender) private readonly sender: ProfileSender,
    @Optional() @Inject(SMART_CHARGING_OPTIONS) options?: Partial<SmartChargingOptions>,
  ) {
    this.options = { ...DEFAULT_SMART_CHARGING, ...options };
    this.picture = new SitePicture(this.options.dcMinW);
    this.states = sharedStreamStates(store, sitePowerDecider, STATIONS_KEPT);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.bus) return; // no chargers to talk to
    this.liveAfter = await this.store.headPosition();
    const subscription = this.store.subscribeToAll((e) => this.onEvent(e), { name: 'smart-charging' });
    this.subscription = subscription;
    // Stopped before it caught up (the service shut down while reading the log): nothing to share again.
    subscription.caughtUp.then(
      () => {
        for (const { stationId } of this.picture.limitedStations()) this.schedule(stationId, 'limit-changed');
      },
      () => undefined,
    );
    this.ticker = setInterval(() => this.onTick(), this.options.tickMs);
    this.ticker.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const wake of this.waiters.values()) wake();
    await this.subscription?.stop();
  }

  /** Runs a station's work after what is already queued for it (the set-grid-limit handler's decision too). */
  serially<T>(stationId: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(stationId, task);
  }

  /** The sessions charging at the station now, for a decision on its site-power stream. */
  members(stationId: string) {
    return this.picture.members(stationId, this.clock.now().getTime(), this.options.offlineReserveMs);
  }

  /**
   * After staff changed a limit (`noteLimit` first, so the picture knows it at once): a newly limited station's online chargers are told to
   * hold new transactions until they are given a share (TxDefaultProfile 0 W), a station no longer limited has its
   * profiles cleared; then the shares are sent.
   */
  noteLimit(stationId: string, limitW: number, periods: GridLimitPeriod[]): void {
    const event = { type: limitW ? 'SiteGridLimitSet' : 'SiteGridLimitRemoved', data: { stationId, limitW, periods } };
    this.picture.apply(event as RecordedEvent, this.clock.now().getTime());
  }

  async limitChanged(stationId: string, limitW: number, wasLimited: boolean, events: SmartChargingEvent[], revision: number) {
    const context = newContext(ACTOR, limitW ? 'limit-changed' : 'limit-removed');
    if (limitW && !wasLimited)
      for (const chargerId of this.picture.onlineChargers(stationId)) await this.sendDefault(stationId, chargerId, `${revision}`, context);
    // Only smart charging's own profiles are cleared: the transactions' ones as their shares go (applyShares), and
    // the chargers' defaults here; a profile someone else set on the charger stays.
    if (!limitW)
      for (const chargerId of this.picture.onlineChargers(stationId))
        await this.send(
          uuidFrom(`site-power:${stationId}:${revision}:clear:${chargerId}`),
          chargerId,
          { action: 'ClearChargingProfile', connectorId: 0, purpose: 'TxDefaultProfile' },
          context,
        );
    await this.applyShares(stationId, events, revision);
  }

  private onEvent(event: RecordedEvent): void {
    const change = this.picture.apply(event, this.clock.now().getTime());
    if (!change || event.position <= this.liveAfter) return;
    this.onChange(change, event);
  }

  private onChange(change: PictureChange, event: RecordedEvent): void {
    switch (change.kind) {
      case 'started':
      case 'connected':
        return this.schedule(change.stationId, 'session-started');
      case 'ended':
        return this.schedule(change.stationId, 'session-ended');
      case 'booted': {
        if (!this.picture.limited(change.stationId)) return;
        const context = { ...newContext(ACTOR, 'charger-booted'), causationId: itemCause('charger-live', change.chargerId) };
        void this.serially(change.stationId, () => this.sendDefault(change.stationId, change.chargerId, `boot:${event.position}`, context));
        return;
      }
      case 'answered': {
        this.waiters.get(change.commandId)?.();
        const profile = this.picture.profiles.get(change.commandId);
        if (profile)
          void this.serially(profile.stationId, () => this.recordAnswer(change.commandId, change.status as ChargerCommandOutcome));
        return;
      }
      default:
        return;
    }
  }

  private onTick(): void {
    const now = this.clock.now().getTime();
    for (const { stationId, periods } of this.picture.limitedStations()) {
      if (this.picture.hasTimedOutCharger(stationId, now, this.options.offlineReserveMs))
        this.schedule(stationId, 'charger-offline-timeout');
      else if (periods) this.schedule(stationId, 'period-changed');
    }
  }

  /** Shares the station again after the coalescing window, once for every change that arrived in it. */
  private schedule(stationId: string, cause: PowerShareCause): void {
    if (!this.picture.limited(stationId) || this.pending.has(stationId)) return;
    const timer = setTimeout(() => {
      const first = this.pending.get(stationId)?.cause ?? cause;
      this.pending.delete(stationId);
      this.serially(stationId, () => this.share(stationId, first)).catch((error: unknown) =>
        log.error('sharing failed', { stationId, error: String(error) }),
      );
    }, this.options.coalesceMs);
    this.pending.set(stationId, { cause, timer });
  }

  private async decide(stationId: string, command: SitePowerCommand, reason: (state: SitePowerState) => string) {
    const streamId = smartChargingStreams.sitePower(stationId);
    const { state } = await this.states.load(streamId);
    const context: CommandContext = newContext(ACTOR, reason(state));
    return decideAndAppend(this.store, streamId, sitePowerDecider, command, context, { clock: this.clock, states: this.states });
  }

  private async share(stationId: string, cause: PowerShareCause): Promise<void> {
    const at = this.clock.now().toISOString();
    const { events, result } = await this.decide(
      stationId,
      { kind: 'share', stationId, cause, members: this.members(stationId), at },
      (s) => reasonOf(cause, s.refusing),
    );
    await this.applyShares(stationId, events, result.revision);
  }

  private async recordAnswer(commandId: string, outcome: ChargerCommandOutcome): Promise<void> {
    const profile = this.picture.profiles.get(commandId);
    if (!profile) return;
    this.picture.profiles.delete(commandId);
    const status = ANSWERS[outcome];
    if (status !== 'Accepted') this.sent.get(profile.stationId)?.delete(profile.sessionId); // sent again at the next change
    const { stationId, chargerId, connectorId, sessionId, limitW } = profile;
    const at = this.clock.now().toISOString();
    const command: SitePowerCommand = {
      kind: 'profile-answer',
      stationId,
      answer: { chargerId, connectorId, sessionId, commandId, limitW, status },
      members: this.members(stationId),
      at,
    };
    const { events, result } = await this.decide(stationId, command, (s) =>
      reasonOf('charger-answer', status === 'Rejected' || status === 'NotSupported' ? { ...s.refusing, [chargerId]: status } : s.refusing),
    );
    await this.applyShares(stationId, events, result.revision);
  }

  /**
   * Sends what a PowerShared changed: a cleared profile for each session gone, a profile for each connector whose share
   * changed (none to a charger counted at full power), the lowered ones first.
   */
  private async applyShares(stationId: string, events: SmartChargingEvent[], revision: number): Promise<void> {
    const shared = events.find((e) => e.type === 'PowerShared');
    if (!shared) return;
    const { cause, effectiveLimitW, allotments } = shared.data;
    const before = this.sent.get(stationId) ?? new Map<string, { chargerId: string; connectorId: number; limitW: number }>();
    this.sent.set(stationId, before);
    const context = { ...newContext(ACTOR, cause), causationId: itemCause('site-power', stationId) };
    const now = new Set(allotments.map((a) => a.sessionId));
    const first: Promise<unknown>[] = [];
    const lowered: string[] = [];
    for (const [sessionId, was] of before) {
      if (now.has(sessionId)) continue;
      before.delete(sessionId);
      const commandId = uuidFrom(`site-power:${stationId}:${revision}:${sessionId}:clear`);
      const request: ChargingProfileCommand = { action: 'ClearChargingProfile', connectorId: was.connectorId, purpose: 'TxProfile' };
      first.push(this.send(commandId, was.chargerId, request, { ...context, reason: `${cause}: the session ended` }));
    }
    const raised: PowerAllotment[] = [];
    for (const a of allotments) {
      const was = before.get(a.sessionId);
      if (a.counted === 'full-power' || was?.limitW === a.limitW) continue;
      if (was && was.limitW > a.limitW) {
        const commandId = this.profileCommandId(stationId, revision, a.sessionId);
        lowered.push(commandId);
        first.push(this.sendShare(stationId, commandId, a, { ...context, reason: profileReason(cause, a, effectiveLimitW) }));
      } else raised.push(a);
    }
    const answered = this.answersOf(lowered);
    await Promise.all(first);
    await answered;
    await Promise.all(
      raised.map((a) =>
        this.sendShare(stationId, this.profileCommandId(stationId, revision, a.sessionId), a, {
          ...context,
          reason: profileReason(cause, a, effectiveLimitW),
        }),
      ),
    );
  }

  private profileCommandId = (stationId: string, revision: number, sessionId: string) =>
    uuidFrom(`site-power:${stationId}:${revision}:${sessionId}`);

  /** Resolves when every command has an answer, or after decreaseWaitMs. */
  private answersOf(commandIds: string[]): Promise<void> {
    if (commandIds.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      let left = commandIds.length;
      const done = () => {
        clearTimeout(timer);
        for (const id of commandIds) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, this.options.decreaseWaitMs);
      for (const id of commandIds)
        this.waiters.set(id, () => {
          this.waiters.delete(id);
          if (--left === 0) done();
        });
    });
  }

  private async sendShare(stationId: string, commandId: string, a: PowerAllotment, context: CommandContext): Promise<void> {
    const transactionId = this.picture.transactionOf(a.sessionId);
    if (!transactionId) return;
    const { chargerId, connectorId, sessionId, limitW } = a;
    this.sent.get(stationId)?.set(sessionId, { chargerId, connectorId, limitW });
    this.picture.profiles.set(commandId, { stationId, chargerId, connectorId, sessionId, limitW });
    await this.send(
      commandId,
      chargerId,
      { action: 'SetChargingProfile', connectorId, transactionId, purpose: 'TxProfile', limitW },
      context,
    );
  }

  /** A charger at a limited station holds every new transaction at 0 W until the transaction is given its share. */
  private sendDefault(stationId: string, chargerId: string, key: string, context: CommandContext): Promise<void> {
    const commandId = uuidFrom(`site-power:${stationId}:default:${chargerId}:${key}`);
    return this.send(
      commandId,
      chargerId,
      { action: 'SetChargingProfile', connectorId: 0, purpose: 'TxDefaultProfile', limitW: 0 },
      {
        ...context,
        reason: `${context.reason ?? 'limit'}: new transactions wait for their share`,
      },
    );
  }

  private async send(commandId: string, chargerId: string, request: ChargingProfileCommand, context: CommandContext): Promise<void> {
    try {
      await this.sender.sendProfile(commandId, chargerId, request, context);
    } catch (error) {
      log.warn('profile not sent', { commandId, chargerId, error: String(error) });
    }
  }
}
