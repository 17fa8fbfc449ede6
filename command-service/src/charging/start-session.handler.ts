import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { CHARGING_TIMING, chargingStreams, networkStreams, type CommandResult, type SessionRequested } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { ACCOUNT_GATE, type AccountGate } from '../identity/index';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { carDecider, isUsableCar } from './car.decider';
import { CHARGING_SESSIONS, connectorFacts, type ChargingSessions } from './charging-sessions';
import { BOOKING_GUARD, type BookingGuard } from '../bookings/index';
import { appIdTag, newAppIdTag, sessionTokenScope } from '../shared/ids';
import type { ReplacedClaim } from './customer-session.decider';

/** Whether a start sent again asks for what the session already is (charger, connector, car, target). */
export function sameStart(
  request: SessionRequested['data'],
  payload: { connectorId: number; carId: string; target: SessionRequested['data']['target'] },
  chargerId: string,
): boolean {
  return (
    request.chargerId === chargerId &&
    request.connectorId === payload.connectorId &&
    request.carId === payload.carId &&
    JSON.stringify(request.target) === JSON.stringify(payload.target)
  );
}

/** Session ids whose app token this process chose, newest last (a twin request finds its sibling's). */
const TOKENS_CHOSEN_MAX = 10_000;

const notFound = () => new DomainError('charging.session_not_found', 'No such session', [{ path: 'sessionId', code: 'not_found' }]);

/**
 * `sessions.start`: the checks of docs/charging.md, then the customer's one open session (claimed first, confirmed
 * before the remote start), the app token (one issued on first use), the connector's claim, SessionRequested, and the
 * remote start. Each step is idempotent on the
 * session id, so a retried request (even after a failure halfway) starts one session and sends one command.
 */
@HandlesCommand('sessions.start')
export class StartSessionHandler implements OperationHandler<'sessions.start'> {
  private readonly tokensChosen = new Map<string, string>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CHARGING_SESSIONS) private readonly sessions: ChargingSessions,
    @Inject(ACCOUNT_GATE) private readonly gate: AccountGate,
    @Inject(BOOKING_GUARD) private readonly bookings: BookingGuard,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, context }: OperationCommand<'sessions.start'>): Promise<CommandResult> {
    const customerId = context.actor.id;
    await this.gate.assertMayAct({ accountId: customerId, userType: 5, privileges: [], roles: ['customer'] });
    const existing = await this.sessions.reads.session(payload.sessionId);
    if (existing.request) {
      if (existing.request.customerId !== customerId) throw notFound();
      // A retry goes on with the session; the same id for another start is refused, never silently answered.
      const chargerId = payload.chargerId ?? (await this.chargerBySerial(payload.serialNumber ?? ''));
      if (!sameStart(existing.request, payload, chargerId))
        throw new DomainError('request.duplicate_id', 'This session id was used for another start', [
          { path: 'sessionId', code: 'exists' },
        ]);
      return this.proceed(existing.request, context);
    }
    return this.proceed(await this.check(payload, customerId), context);
  }

  private async check(p: OperationCommand<'sessions.start'>['payload'], customerId: string): Promise<SessionRequested['data']> {
    const chargerId = p.chargerId ?? (await this.chargerBySerial(p.serialNumber ?? ''));
    const now = this.clock.now();
    const facts = await connectorFacts(this.sessions.reads, chargerId, p.connectorId, now);
    const { state: car } = await loadState(this.store, chargingStreams.car(p.carId), carDecider);
    if (!isUsableCar(car, customerId)) {
      throw new DomainError('charging.car_not_found', 'No such car', [{ path: 'carId', code: 'not_found' }]);
    }
    const live = await this.sessions.reads.live(chargerId);
    if (!live.online) throw new DomainError('charging.charger_offline', 'The charger is offline', [{ path: 'chargerId', code: 'offline' }]);
    // A connector booked for the slot now is its booking's customer's alone (reserved for them on the charger).
    const booked = await this.bookings.holderAt(chargerId, p.connectorId, now);
    if (booked && booked.customerId !== customerId) {
      throw new DomainError('booking.connector_booked', 'This connector is booked for another driver now', [
        { path: 'connectorId', code: 'booked' },
      ]);
    }
    const status = live.connectors[p.connectorId];
    if (status !== 'available' && status !== 'preparing' && !(status === 'reserved' && booked)) {
      throw new DomainError('charging.connector_unavailable', 'The connector is not available', [
        { path: 'connectorId', code: status ?? 'unknown' },
      ]);
    }
    const balance = await this.sessions.ledger.balanceOf(customerId);
    if (balance < facts.prices.minimumCharge || balance <= 0) {
      throw new DomainError('charging.insufficient_balance', 'Top up your wallet first: the balance is below the minimum charge');
    }
    // The app token is the booking's on its booked connector (the charger holds the reservation for it), else new.
    const idTag = booked?.idTag ?? (await this.appTokenFor(p.sessionId, chargerId, p.connectorId));
    return {
      sessionId: p.sessionId,
      customerId,
      origin: 'app',
      idTag,
      chargerId,
      connectorId: p.connectorId,
      carId: p.carId,
      target: p.target,
      ...facts,
      balanceAtStart: balance,
      at: now.toISOString(),
    };
  }

  /**
   * The session's app token: the one its connector claim holds (a retry after a crash halfway), else the one a
   * request for the same session id under way in this process chose (a client firing its start twice at once), else new.
   */
  private async appTokenFor(sessionId: string, chargerId: string, connectorId: number): Promise<string> {
    const claim = (await this.sessions.reads.claim(chargerId, connectorId)).open;
    if (claim?.sessionId === sessionId) return claim.idTag;
    const chosen = this.tokensChosen.get(sessionId) ?? newAppIdTag();
    this.tokensChosen.delete(sessionId); // re-insert: the Map's order is then the age order
    this.tokensChosen.set(sessionId, chosen);
    if (this.tokensChosen.size > TOKENS_CHOSEN_MAX) this.tokensChosen.delete(this.tokensChosen.keys().next().value!);
    return chosen;
  }

  /**
   * The charger whose serial number, or else whose charger id (many chargers show only that), is `code`: the serial's
   * reservation stream, else the charger's own stream as typed or in capitals (ids are written in capitals).
   */
  private async chargerBySerial(code: string): Promise<string> {
    const typed = code.trim();
    const [reserved] = await this.store.readStream(networkStreams.chargerSerial(typed));
    const bySerial = (reserved?.data as { chargerId?: string } | undefined)?.chargerId;
    if (bySerial) return bySerial;
    for (const id of new Set([typed, typed.toUpperCase()])) {
      if ((await this.sessions.reads.charger(id)).data) return id;
    }
    throw new DomainError('network.charger_not_found', 'No charger has this serial number or id', [
      { path: 'serialNumber', code: 'not_found' },
    ]);
  }

  /**
   * A new session first claims the customer's one open session and reads the balance under it; a refusal before the
   * session is requested frees the claim again.
   */
  private async proceed(d: SessionRequested['data'], context: CommandContext): Promise<CommandResult> {
    const { sessionId, customerId } = d;
    if ((await this.sessions.reads.session(sessionId)).phase !== 'none') return this.proceedClaimed(d, context);
    await this.claimCustomer(d, context);
    try {
      return await this.proceedClaimed({ ...d, balanceAtStart: await this.balanceCovering(customerId, d.prices.minimumCharge) }, context);
    } catch (error) {
      if ((await this.sessions.reads.session(sessionId)).phase === 'none')
        await this.sessions.releaseCustomer(customerId, sessionId, context);
      throw error;
    }
  }

  private async proceedClaimed(d: SessionRequested['data'], context: CommandContext): Promise<CommandResult> {
    const { sessionId, customerId, idTag, chargerId, connectorId, at } = d;
    const session = await this.sessions.reads.session(sessionId);
    if (session.phase === 'none') {
      await this.sessions.streams.tokens.decide(
        chargingStreams.idToken(idTag),
        { kind: 'issue', idTag, customerId, tokenKind: 'app', expiresAt: null, scope: sessionTokenScope(d), at },
        context,
      );
      await this.openOnToken(d, context);
      const holder = (await this.sessions.reads.claim(chargerId, connectorId)).open;
      const holderCharging = holder
        ? ['charging', 'stopping', 'stopped'].includes((await this.sessions.reads.session(holder.sessionId)).phase)
        : false;
      try {
        await this.sessions.streams.claims.decide(
          chargingStreams.connector(chargerId, connectorId),
          { kind: 'claim', chargerId, connectorId, sessionId, customerId, idTag, at, holderCharging },
          context,
        );
      } catch (error) {
        const lock = appIdTag(customerId);
        await this.sessions.streams.tokens.decide(chargingStreams.idToken(lock), { kind: 'close', idTag: lock, sessionId, at }, context);
        throw error;
      }
    }
    const { result } = await this.sessions.streams.sessions.decide(
      chargingStreams.session(sessionId),
      { kind: 'request', data: d },
      context,
    );
    if (session.phase === 'none' || session.phase === 'requested') {
      await this.confirmCustomer(d, context);
      await this.sessions.sendRemoteStart(d, context);
    }
    return result;
  }

  /**
   * The customer's one open phone session, claimed before anything else (the claim's revision orders concurrent
   * starts). A claim is replaced when its session ended (a stopped one is settled first: its debit comes before this
   * start's balance), or when it is older than the claim lifetime and its session never began or never heard from its
   * charger (failed `timeout` first): a crash between the claim and the session never locks the customer out.
   */
  private async claimCustomer(d: SessionRequested['data'], context: CommandContext) {
    const { customerId, sessionId, at } = d;
    const open = (await this.sessions.reads.customer(customerId)).open;
    let replacing: ReplacedClaim | undefined;
    if (open && open.sessionId !== sessionId) {
      const other = await this.sessions.reads.session(open.sessionId);
      const expired = Date.parse(at) - Date.parse(open.at) >= CHARGING_TIMING.connectorClaimTtlMs;
      if (other.phase === 'stopped') await this.sessions.settle(open.sessionId);
      if (['failed', 'stopped', 'billed'].includes(other.phase)) replacing = open;
      else if (expired && ['none', 'requested', 'accepted'].includes(other.phase)) {
        if (other.phase !== 'none')
          await this.sessions.fail(open.sessionId, 'timeout', 'no transaction within the claim lifetime', {
            ...context,
            reason: 'stale session',
          });
        replacing = open;
      }
    }
    await this.sessions.streams.customers.decide(
      chargingStreams.customerSession(customerId),
      { kind: 'claim', customerId, sessionId, at, replacing },
      context,
    );
  }

  /**
   * The session is requested: the claim is confirmed before the remote start. A start so slow that another one took
   * its claim over (judged dead) fails its own session instead of starting a second one.
   */
  private async confirmCustomer(d: SessionRequested['data'], context: CommandContext) {
    const { customerId, sessionId, at } = d;
    try {
      await this.sessions.streams.customers.decide(
        chargingStreams.customerSession(customerId),
        { kind: 'confirm', customerId, sessionId, at },
        context,
      );
    } catch (error) {
      if (error instanceof DomainError)
        await this.sessions.fail(sessionId, 'timeout', 'another start took the customer over', { ...context, reason: 'stale session' });
      throw error;
    }
  }

  /** The balance, read while this start holds the customer's claim (no earlier phone session's debit is still owed). */
  private async balanceCovering(customerId: string, minimumCharge: number): Promise<number> {
    const balance = await this.sessions.ledger.balanceOf(customerId);
    if (balance < minimumCharge || balance <= 0) {
      throw new DomainError('charging.insufficient_balance', 'Top up your wallet first: the balance is below the minimum charge');
    }
    return balance;
  }

  /**
   * One open session per customer, held on the stream of the customer's stable tag (never a charger's token). A
   * session left open by a crash (already ended) is replaced; one that never heard from its charger within the
   * claim's lifetime is failed (timeout) first.
   */
  private async openOnToken(d: SessionRequested['data'], context: CommandContext) {
    const { sessionId, chargerId, connectorId, at } = d;
    const idTag = appIdTag(d.customerId);
    const open = (await this.sessions.reads.token(idTag)).open;
    let replacing: string | undefined;
    if (open && open.sessionId !== sessionId) {
      const other = await this.sessions.reads.session(open.sessionId);
      if (['failed', 'stopped', 'billed', 'none'].includes(other.phase)) replacing = open.sessionId;
      const waiting = other.phase === 'requested' || other.phase === 'accepted';
      if (waiting && other.request && Date.parse(at) - Date.parse(other.request.at) >= CHARGING_TIMING.connectorClaimTtlMs) {
        await this.sessions.fail(open.sessionId, 'timeout', 'no transaction within the claim lifetime', {
          ...context,
          reason: 'stale session',
        });
        replacing = open.sessionId;
      }
    }
    await this.sessions.streams.tokens.decide(
      chargingStreams.idToken(idTag),
      { kind: 'open', idTag, sessionId, chargerId, connectorId, at, replacing },
      context,
    );
  }
}
