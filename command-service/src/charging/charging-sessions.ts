import type { CommandBus } from '@nestjs/cqrs';
import {
  CHARGING_TIMING,
  chargingStreams,
  itemCause,
  networkStreams,
  type Actor,
  type AuthorizationOutcome,
  type ChargerCommandEvent,
  type IdTokenStatus,
  type OutboundOcppResult,
  type SessionFailure,
  type SessionRequested,
  type StopReason,
} from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { chargerCommandDecider } from '../chargers-live/charger-command.decider';
import { SendSessionChargerCommand } from '../chargers-live/charger-commands';
import { newContext, type CommandContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { toDomainEvent } from '../shared/run-decider';
import type { WalletLedger } from '../wallet/wallet-ledger';
import type { BookingGuard } from '../bookings/booking-guard';
import { BookingSessionStartedCommand } from '../bookings/bookings.commands';
import { authorizationStatus } from './authorization';
import { ChargingStreams, reads, type AccountReader, type ChargingReads } from './charging-store';
import { appIdTag, cardSessionId, startCommandId, stopCommandId, uuidFrom } from './ids';
import type { TransactionReport } from './transaction-reports';
import { pricesInForce, sessionPrices } from './pricing';
import { sessionDecider, type SessionState } from './session.decider';

const log = createLogger('charging');
const system = (reason: string): CommandContext => newContext({ type: 'system', id: 'charging' }, reason);
/** The causation id of a session's charger commands and of its debit: the session (contracts/src/shared/causation.ts). */
const SESSION_CAUSE = itemCause('session', '');
const FAILURE_OF: Record<string, SessionFailure> = { rejected: 'rejected', not_supported: 'rejected', offline: 'offline', timeout: 'timeout', error: 'error' };

/**
 * Whether the product refused a card transaction's start: a refusal the charger was told stands; an Accepted the
 * command side gave stands too; any other Accepted (the gateway's fallback, its cache, a remote start it took this
 * transaction for) is judged by the command side's verdict now.
 */
export function refusalOf(told: AuthorizationOutcome | null, verdict: IdTokenStatus): Exclude<IdTokenStatus, 'Accepted'> | null {
  if (told && told.status !== 'Accepted') return told.status;
  if (told?.source === 'command-side') return null;
  return verdict === 'Accepted' ? null : verdict;
}

/** What a session on a connector needs to know about the charger and the prices in force now. */
export async function connectorFacts(r: ChargingReads, chargerId: string, connectorId: number, now: Date) {
  const charger = await r.charger(chargerId);
  if (!charger.data) throw new DomainError('network.charger_not_found', 'No such charger', [{ path: 'chargerId', code: 'not_found' }]);
  if (charger.deleted) throw new DomainError('network.charger_deleted', 'The charger is deleted', [{ path: 'chargerId', code: 'deleted' }]);
  const spec = charger.data.connectors.find((c) => c.connectorId === connectorId);
  if (!spec) throw new DomainError('charging.connector_unavailable', 'No such connector', [{ path: 'connectorId', code: 'not_found' }]);
  const prices = sessionPrices(pricesInForce(await r.pricing(), now), spec.current);
  return { stationId: charger.data.stationId, connectorType: spec.type, prices };
}

/**
 * The session lifecycle the charger drives (transactions, meter values, stops, command results) and the steps the
 * phone's commands share with it (remote stop, releasing a session's locks). Every step is idempotent: a redelivered
 * or repeated message records nothing new and moves no money twice. Store failures throw (the bus redelivers).
 */
export class ChargingSessions {
  readonly reads: ChargingReads;
  /** Session, claim, token and binding streams, folded in memory (bounded); a billed or failed session is dropped. */
  readonly streams: ChargingStreams;
  /** Accepted sessions waiting for the cable: sessionId → when accepted (ms). Fed by the command results. */
  readonly awaitingCable = new Map<string, number>();
  /** Card sessions being opened: what the command side thinks of the token (stopped once charging if not Accepted). */
  private readonly verdicts = new Map<string, IdTokenStatus>();
  /** Balance reads under way, per customer (the wallet answers one command at a time per wallet). */
  private readonly balances = new Map<string, Promise<number>>();

  constructor(
    private readonly store: EventStore,
    readonly ledger: WalletLedger,
    private readonly commandBus: CommandBus,
    /** Who holds a connector by booking: another customer's token is not accepted on it during the slot. */
    private readonly bookings: BookingGuard | null = null,
    /** Every time a session records (`at`, the events' recordedAt) and judges by (token expiry, prices in force). */
    private readonly clock: Clock = systemClock,
    /** Customers' accounts as the account gate keeps them (else a fold of the charging context's own). */
    accounts: AccountReader | null = null,
  ) {
    this.streams = new ChargingStreams(store, clock, undefined, accounts);
    this.reads = reads(store, this.streams);
  }

  // Charger commands ----------------------------------------------------------------------------------------------
  sendRemoteStart(d: SessionRequested['data'], context: CommandContext) {
    const payload = { commandId: startCommandId(d.sessionId), chargerId: d.chargerId, action: 'RemoteStartTransaction' as const, connectorId: d.connectorId, idTag: d.idTag, sessionId: d.sessionId };
    return this.commandBus.execute(new SendSessionChargerCommand(payload, { ...context, causationId: `${SESSION_CAUSE}${d.sessionId}` }));
  }

  sendRemoteStop(chargerId: string, transactionId: string, commandId: string, sessionId: string | null, context: CommandContext) {
    const payload = { commandId, chargerId, action: 'RemoteStopTransaction' as const, transactionId, ...(sessionId ? { sessionId } : {}) };
    return this.commandBus.execute(new SendSessionChargerCommand(payload, sessionId ? { ...context, causationId: `${SESSION_CAUSE}${sessionId}` } : context));
  }

  /** Records SessionStopRequested and sends the remote stop, once; false when the session is not charging. */
  async requestStop(sessionId: string, reason: StopReason, context: CommandContext): Promise<boolean> {
    const commandId = stopCommandId(sessionId);
    const { events, state } = await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'request-stop', reason, commandId, at: this.clock.now().toISOString() }, context);
    if (events.length > 0) await this.stopRemotely(sessionId, state, context);
    return events.length > 0 || state.phase === 'stopping';
  }

  private async stopRemotely(sessionId: string, state: SessionState, context: CommandContext) {
    const transactionId = state.transactionIds[0];
    if (!state.request || !transactionId) return;
    await this.sendRemoteStop(state.request.chargerId, transactionId, stopCommandId(sessionId), sessionId, context);
  }

  /** The session no longer holds its connector, its token, nor (a phone session) its customer's one open session. */
  async releaseLocks(d: SessionRequested['data'], context: CommandContext) {
    const at = this.clock.now().toISOString();
    await this.streams.claims.decide(chargingStreams.connector(d.chargerId, d.connectorId), { kind: 'release', chargerId: d.chargerId, connectorId: d.connectorId, sessionId: d.sessionId, at }, context);
    const tags = d.origin === 'app' ? new Set([d.idTag, appIdTag(d.customerId)]) : [d.idTag];
    for (const idTag of tags) await this.streams.tokens.decide(chargingStreams.idToken(idTag), { kind: 'close', idTag, sessionId: d.sessionId, at }, context);
    if (d.origin === 'app') await this.releaseCustomer(d.customerId, d.sessionId, context);
  }

  /** Frees the customer's claim if it still names this session (a start may have replaced it already). */
  async releaseCustomer(customerId: string, sessionId: string, context: CommandContext) {
    const at = this.clock.now().toISOString();
    await this.streams.customers.decide(chargingStreams.customerSession(customerId), { kind: 'release', customerId, sessionId, at }, context);
  }

  async fail(sessionId: string, reason: SessionFailure, detail: string | null, context: CommandContext) {
    const { state } = await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'fail', reason, detail, at: this.clock.now().toISOString() }, context);
    this.awaitingCable.delete(sessionId);
    if (state.phase === 'failed' && state.request) {
      await this.releaseLocks(state.request, context);
      this.streams.forgetSession(sessionId, state);
    }
  }

  // Results of the session's charger commands ---------------------------------------------------------------------
  /**
   * A charger command's outcome, already recorded on its stream. For a session's remote start: accepted or failed.
   * The session comes from the result (the gateway echoes it) or, for outcomes the projections' sweep publishes
   * (offline, timeout) without it, from the cause recorded with the command.
   */
  async onCommandResult(r: OutboundOcppResult) {
    if (r.status === 'sent') return;
    const history = await this.store.readStream(networkStreams.chargerCommand(r.commandId));
    const cause = history[0]?.metadata.causationId ?? '';
    const sessionId = r.sessionId ?? (cause.startsWith(SESSION_CAUSE) ? cause.slice(SESSION_CAUSE.length) : null);
    if (!sessionId || r.commandId !== startCommandId(sessionId)) return;
    // The command's stream keeps the first outcome (a late `offline` from the sweep after `accepted` is ignored there).
    const outcome = fold(chargerCommandDecider, history.map((e) => toDomainEvent<ChargerCommandEvent>(e))).outcome;
    if (outcome === null) return;
    const actor: Actor = outcome === 'offline' || outcome === 'timeout' ? { type: 'system', id: 'ocpp-gateway' } : { type: 'charger', id: r.chargerId };
    // The outcome continues the start's correlation (the command was recorded with it) and names the command as its cause.
    const started = history[0]?.metadata.correlationId;
    const context = { ...newContext(actor, `remote start ${outcome}`), ...(started ? { correlationId: started } : {}), causationId: itemCause('charger-command', r.commandId) };
    if (outcome === 'accepted') {
      const { state } = await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'accept', commandId: r.commandId, at: r.at }, context);
      if (state.phase === 'accepted') this.awaitingCable.set(sessionId, Date.parse(r.at) || Date.now());
      return;
    }
    await this.fail(sessionId, FAILURE_OF[outcome] ?? 'error', r.error, context);
  }

  /** Accepted sessions whose cable never came within CHARGING_TIMING.plugInWithinMs: failed, `no_cable`. */
  async sweepNoCable(now = Date.now(), plugInWithinMs: number = CHARGING_TIMING.plugInWithinMs) {
    for (const [sessionId, acceptedAt] of [...this.awaitingCable]) {
      if (now - acceptedAt < plugInWithinMs) continue;
      const state = await this.reads.session(sessionId);
      if (state.phase === 'accepted') await this.fail(sessionId, 'no_cable', null, system('no_cable'));
      this.awaitingCable.delete(sessionId);
    }
  }

  // Transactions ---------------------------------------------------------------------------------------------------
  async apply(report: TransactionReport, context: CommandContext) {
    switch (report.kind) {
      case 'start':
        return this.start(report, context);
      case 'readings':
        return this.readings(report, context);
      case 'stop':
        return this.stop(report, context);
    }
  }

  private async start(r: Extract<TransactionReport, { kind: 'start' }>, context: CommandContext) {
    const sessionId = (await this.reads.binding(r.chargerId, r.transactionId)) ?? (await this.sessionForStart(r, context));
    if (!sessionId) return;
    const at = this.clock.now().toISOString();
    await this.streams.bindings.decide(chargingStreams.chargerTransaction(r.chargerId, r.transactionId), { chargerId: r.chargerId, transactionId: r.transactionId, sessionId, at }, context);
    const { events, state } = await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'charging', transactionId: r.transactionId, meterStartWh: r.meterStartWh, startedAt: r.timestamp, at }, context);
    this.awaitingCable.delete(sessionId);
    if (events.some((e) => e.type === 'SessionCharging') && state.request?.origin === 'app') {
      // The phone's app token stands on its connector while its session runs there (its start window is short).
      const { idTag, chargerId, connectorId } = state.request;
      await this.streams.tokens.decide(chargingStreams.idToken(idTag), { kind: 'open', idTag, sessionId, chargerId, connectorId, at, force: true }, context);
    }
    // A session of a booking's customer on the booked connector fulfils the booking (a refused one does not).
    if (events.some((e) => e.type === 'SessionCharging') && state.request && !state.request.refusal) {
      const { customerId } = state.request;
      await this.commandBus.execute(new BookingSessionStartedCommand({ sessionId, customerId, chargerId: r.chargerId, connectorId: r.connectorId }, context));
    }
    if (!events.some((e) => e.type === 'SessionCharging') || state.request?.origin !== 'card') return;
    const status = this.verdicts.get(sessionId) ?? (await this.tokenStatus(r.idTag, r.chargerId, r.connectorId));
    this.verdicts.delete(sessionId);
    if (status !== 'Accepted') {
      log.warn('a transaction started with a token that is not accepted: stopping it', { chargerId: r.chargerId, transactionId: r.transactionId, status });
      await this.requestStop(sessionId, 'token_invalid', system(`token ${status}`));
    }
  }

  /** The phone's session waiting on this connector for this tag, the same natural transaction again, or a card. */
  private async sessionForStart(r: Extract<TransactionReport, { kind: 'start' }>, context: CommandContext): Promise<string | null> {
    const claim = (await this.reads.claim(r.chargerId, r.connectorId)).open;
    const held = claim ? await this.reads.session(claim.sessionId) : null;
    // The tag the session's remote start carried is its request's (twin starts in two processes may claim with another).
    if (claim && held && (claim.idTag === r.idTag || held.request?.idTag === r.idTag)) {
      const same = held.startedAt !== null && Date.parse(held.startedAt) === Date.parse(r.timestamp) && held.meterStartWh === r.meterStartWh;
      if (held.phase === 'requested' || held.phase === 'accepted' || same) return claim.sessionId;
    }
    const sessionId = cardSessionId(r.chargerId, r.connectorId, r.idTag, r.timestamp);
    if ((await this.reads.session(sessionId)).phase !== 'none') return sessionId;
    return this.startCardSession(sessionId, r, context);
  }

  private async startCardSession(sessionId: string, r: Extract<TransactionReport, { kind: 'start' }>, context: CommandContext): Promise<string | null> {
    const token = await this.reads.token(r.idTag);
    if (!token.owner) {
      log.warn('a transaction started with an unknown token: stopping it, nobody to bill', { chargerId: r.chargerId, transactionId: r.transactionId });
      await this.sendRemoteStop(r.chargerId, r.transactionId, uuidFrom(`unknown-token:${r.chargerId}:${r.transactionId}`), null, system('token_invalid'));
      return null;
    }
    const customerId = token.owner.customerId;
    // Judged before this session opens on the token (which would hide another open session of the same card).
    const verdict = await this.tokenStatus(r.idTag, r.chargerId, r.connectorId);
    this.verdicts.set(sessionId, verdict);
    const refusal = refusalOf(r.authorization, verdict);
    const facts = await connectorFacts(this.reads, r.chargerId, r.connectorId, new Date(r.timestamp));
    const balance = await this.balanceOf(customerId);
    const data: SessionRequested['data'] = {
      sessionId, customerId, origin: 'card', idTag: r.idTag, chargerId: r.chargerId, connectorId: r.connectorId, carId: null, target: { kind: 'none' },
      ...facts, balanceAtStart: balance, ...(refusal ? { refusal } : {}), at: this.clock.now().toISOString(),
    };
    const { chargerId, connectorId, idTag, at } = data;
    if (refusal) {
      // Recorded only: a refused transaction holds neither the connector (a booking's or the phone's claim stays) nor the token.
      this.verdicts.set(sessionId, refusal);
      await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'request', data }, context);
      return sessionId;
    }
    await this.streams.claims.decide(chargingStreams.connector(chargerId, connectorId), { kind: 'claim', chargerId, connectorId, sessionId, customerId, idTag, at, holderCharging: true, force: true }, context);
    await this.streams.tokens.decide(chargingStreams.idToken(idTag), { kind: 'open', idTag, sessionId, chargerId, connectorId, at, force: true }, context);
    await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'request', data }, context);
    return sessionId;
  }

  /** The command side's answer for a token now (the gateway may have let a start through on its fallback). */
  async tokenStatus(idTag: string, chargerId: string, connectorId: number | null) {
    return (await this.authorize(idTag, chargerId, connectorId)).status;
  }

  /**
   * A customer's balance. Concurrent askers (many chargers, one customer) share the read under way: the wallet runs
   * one command at a time per wallet, so a read still under way cannot miss a command that had finished when they asked.
   */
  private balanceOf(customerId: string): Promise<number> {
    const pending = this.balances.get(customerId);
    if (pending) return pending;
    const read = this.ledger.balanceOf(customerId).finally(() => this.balances.delete(customerId));
    this.balances.set(customerId, read);
    return read;
  }

  /** The answer for a token at a charger, and when the token expires (cards). */
  async authorize(idTag: string, chargerId: string, connectorId: number | null): Promise<{ status: IdTokenStatus; expiresAt: string | null }> {
    const token = await this.reads.token(idTag);
    if (!token.owner) return { status: 'Invalid', expiresAt: null };
    const [account, balance, pricing] = await Promise.all([this.reads.account(token.owner.customerId), this.balanceOf(token.owner.customerId), this.reads.pricing()]);
    const now = this.clock.now();
    const status = authorizationStatus({
      token,
      account: account.accountId ? { banned: account.banned, active: account.active } : null,
      balance,
      minimumCharge: pricesInForce(pricing, now)?.minimumCharge ?? 0,
      chargerId,
      connectorId,
      now,
    });
    if (status === 'Accepted' && connectorId !== null && this.bookings) {
      // The charger holds a booked connector for its booking's token (ReserveNow); the command side agrees.
      const holder = await this.bookings.holderAt(chargerId, connectorId, now);
      if (holder && holder.customerId !== token.owner.customerId) return { status: 'Blocked', expiresAt: token.owner.expiresAt };
    }
    return { status, expiresAt: token.owner.expiresAt };
  }

  private async sessionOf(chargerId: string, transactionId: string): Promise<string | null> {
    const sessionId = await this.reads.binding(chargerId, transactionId);
    if (!sessionId) log.warn('a transaction id no session knows: nothing recorded', { chargerId, transactionId });
    return sessionId;
  }

  private async readings(r: Extract<TransactionReport, { kind: 'readings' }>, context: CommandContext) {
    if (r.readings.length === 0) return;
    const sessionId = await this.sessionOf(r.chargerId, r.transactionId);
    if (!sessionId) return;
    const streamId = chargingStreams.session(sessionId);
    const { events, state } = await this.streams.sessions.decide(streamId, { kind: 'readings', transactionId: r.transactionId, readings: r.readings, at: this.clock.now().toISOString() }, context);
    if (events.length === 0) return;
    const autoStop = { kind: 'auto-stop' as const, stopCommandId: stopCommandId(sessionId), at: this.clock.now().toISOString() };
    // Decided on the state just recorded first (pure): the stream is read again only when there is a stop to record.
    if (sessionDecider.decide(autoStop, state).length === 0) return;
    const auto = await this.streams.sessions.decide(streamId, autoStop, system('automatic stop'));
    const stop = auto.events.find((e) => e.type === 'SessionStopRequested');
    if (stop) await this.stopRemotely(sessionId, auto.state, { ...system(stop.data.reason), causationId: context.causationId });
  }

  private async stop(r: Extract<TransactionReport, { kind: 'stop' }>, context: CommandContext) {
    const sessionId = await this.sessionOf(r.chargerId, r.transactionId);
    if (!sessionId) return;
    const before = await this.reads.session(sessionId);
    const meterStopWh = r.meterStopWh ?? before.latest?.energyWh ?? before.meterStartWh;
    const command = { kind: 'stop' as const, transactionId: r.transactionId, meterStopWh, stoppedAt: r.timestamp, chargerReason: r.reason, at: this.clock.now().toISOString() };
    await this.streams.sessions.decide(chargingStreams.session(sessionId), command, context);
    await this.settle(sessionId, context.correlationId);
  }

  /**
   * After the stop: debit `session:<id>` (once, at most the balance), SessionBilled, then release the connector, the token
   * and the customer's claim. Caused by the
   * session, in the correlation of the charger's stop message when there is one, so the debit joins the stop's chain.
   */
  async settle(sessionId: string, correlationId?: string) {
    const state = await this.reads.session(sessionId);
    const d = state.request;
    if (!d || (state.phase !== 'stopped' && state.phase !== 'billed')) return;
    const context = { ...system('session'), ...(correlationId ? { correlationId } : {}), causationId: itemCause('session', sessionId) };
    // A refused start stays `stopped` at cost 0: no debit, no SessionBilled (nothing for its owner to see).
    if (state.phase === 'stopped' && !d.refusal) {
      const walletTransactionId = `session:${sessionId}`;
      const cost = state.cost ?? 0;
      // The wallet pays at most what it holds (it never goes below zero through charging); the rest is the shortfall.
      const amount = cost > 0 ? await this.ledger.debitUpToBalance(d.customerId, { transactionId: walletTransactionId, amount: cost, kind: 'session', reference: { type: 'session', id: sessionId }, reason: 'session' }, context) : 0;
      const shortfall = cost - amount;
      if (shortfall > 0) log.warn('a session cost more than the wallet held: the shortfall is on its bill', { sessionId, customerId: d.customerId, cost, shortfall });
      await this.streams.sessions.decide(chargingStreams.session(sessionId), { kind: 'billed', amount, shortfall, walletTransactionId, at: this.clock.now().toISOString() }, context);
    }
    await this.releaseLocks(d, context);
    // Billed: nothing more is recorded on the session (a late message reads the stream again).
    this.streams.forgetSession(sessionId, state);
  }
}

/** Nest token of the one ChargingSessions of the process (its waiting-for-cable set is shared with the sweep). */
export const CHARGING_SESSIONS = Symbol('ChargingSessions');
