import { describe, expect, it } from 'vitest';
import type { SessionRequested } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { authorizationStatus, type AuthorizationFacts } from './authorization';
import { connectorClaimDecider, type ClaimCommand } from './connector-claim.decider';
import { idTokenDecider, type IdTokenCommand } from './id-token.decider';
import { appIdTag, cardSessionId, newAppIdTag, uuidFrom } from '../shared/ids';
import { pricesInForce } from '../network/index';
import { sessionDecider, type SessionCommand } from './session.decider';
import { transactionBindingDecider } from './transaction-binding.decider';

const at = '2026-01-01T10:00:00.000Z';
const t = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const requested = (over: Partial<SessionRequested['data']> = {}): SessionRequested['data'] => ({
  sessionId: 's-1',
  customerId: 'c-1',
  origin: 'app',
  idTag: 'AABCDEFGHIJKLMNOPQRS',
  chargerId: 'CP-1',
  stationId: 'st-1',
  connectorId: 1,
  connectorType: 'Type2',
  carId: 'car-1',
  target: { kind: 'none' },
  prices: { pricePerKwh: 189, minimumCharge: 2000, current: 'AC' },
  balanceAtStart: 100_000,
  at,
  ...over,
});
const reading = (minutes: number, energyWh: number) => ({ timestamp: t(minutes), energyWh, powerW: 7000, socPercent: null });
const stopId = 'stop-cmd';

const sessions = DeciderSpecification.for(sessionDecider);
const started = (over: Partial<SessionRequested['data']> = {}) =>
  sessions
    .given([])
    .when(
      { kind: 'request', data: requested(over) },
      { kind: 'accept', commandId: 'cmd-1', at },
      { kind: 'charging', transactionId: '7', meterStartWh: 1000, startedAt: t(0), at },
    )
    .thenTypes(['SessionRequested', 'SessionStartAccepted', 'SessionCharging']);

describe('session decider', () => {
  it('requested → accepted → charging → stopping → stopped → billed', () => {
    const stopped = sessions
      .given(started())
      .when(
        { kind: 'readings', transactionId: '7', readings: [reading(1, 2000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'request-stop', reason: 'customer', commandId: stopId, at },
        { kind: 'stop', transactionId: '7', meterStopWh: 21_000, stoppedAt: t(30), chargerReason: 'Remote', at },
        { kind: 'billed', amount: 3780, walletTransactionId: 'session:s-1', at },
      );
    const events = stopped.thenTypes(['MeterReadingRecorded', 'SessionStopRequested', 'SessionStopped', 'SessionBilled']);
    // 20,000 Wh × 189 piastres/kWh = 3,780 piastres, above the 2,000 minimum
    expect(events[2]).toMatchObject({ data: { energyWh: 20_000, cost: 3780, reason: 'customer', chargerReason: 'Remote' } });
    expect(stopped.state().phase).toBe('billed');
  });

  it('a refused card start is recorded with its energy and costs nothing, not even the minimum', () => {
    const refused = { origin: 'card' as const, carId: null, refusal: 'Blocked' as const };
    const stopped = sessions
      .given(
        sessions
          .given([])
          .when(
            { kind: 'request', data: requested(refused) },
            { kind: 'charging', transactionId: '7', meterStartWh: 1000, startedAt: t(0), at },
          )
          .thenTypes(['SessionRequested', 'SessionCharging']),
      )
      .when(
        { kind: 'request-stop', reason: 'token_invalid', commandId: stopId, at },
        { kind: 'stop', transactionId: '7', meterStopWh: 21_000, stoppedAt: t(30), chargerReason: 'DeAuthorized', at },
      );
    expect(stopped.thenTypes(['SessionStopRequested', 'SessionStopped'])[1]).toMatchObject({ data: { energyWh: 20_000, cost: 0 } });
  });

  it('a repeated request is a no-op; the same id with another request is a conflict', () => {
    const given = sessions.given([]).when({ kind: 'request', data: requested() }).thenTypes(['SessionRequested']);
    sessions
      .given(given)
      .when({ kind: 'request', data: { ...requested(), at: t(1), balanceAtStart: 5 } })
      .thenNothingHappened();
    sessions
      .given(given)
      .when({ kind: 'request', data: requested({ connectorId: 2 }) })
      .thenThrows('request.duplicate_id');
  });

  it('records each reading timestamp once, in any order; energy follows the latest register', () => {
    const read = sessions
      .given(started())
      .when(
        { kind: 'readings', transactionId: '7', readings: [reading(3, 4000), reading(1, 2000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(1, 2000), reading(2, 3000), reading(3, 4000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: 'unknown', readings: [reading(4, 5000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
      );
    read.thenMatches([{ data: { timestamp: t(1) } }, { data: { timestamp: t(3) } }, { data: { timestamp: t(2) } }]);
    expect(read.state().latest?.energyWh).toBe(4000);
  });

  it('a state folded forward twice (a lost race) keeps each branch to its own readings', () => {
    const history = sessions
      .given(started())
      .when({ kind: 'readings', transactionId: '7', readings: [reading(1, 2000), reading(2, 3000)], at })
      .thenTypes(['MeterReadingRecorded', 'MeterReadingRecorded']);
    const base = [...started(), ...history].reduce(sessionDecider.evolve, sessionDecider.initialState);
    const late = (minutes: number) => ({
      type: 'MeterReadingRecorded' as const,
      data: { sessionId: 's-1', transactionId: '7', ...reading(minutes, 2500), at },
    });
    const winner = sessionDecider.evolve(base, late(1.5));
    const loser = sessionDecider.evolve(base, late(1.2));
    // Each branch refuses its own late reading again and still takes the other's.
    const decide = (state: typeof base, minutes: number) =>
      sessionDecider.decide({ kind: 'readings', transactionId: '7', readings: [reading(minutes, 2500)], at }, state).length;
    expect([
      decide(winner, 1.5),
      decide(winner, 1.2),
      decide(loser, 1.2),
      decide(loser, 1.5),
      decide(base, 1.5),
      decide(base, 1.2),
    ]).toEqual([0, 1, 0, 1, 1, 1]);
    expect(sessionDecider.evolve(winner, late(1.7)).readingTimes.length).toBe(4);
    expect(base.readingTimes.length).toBe(2);
  });

  it('stops for low balance once the running energy cost reaches the balance at start, once', () => {
    // balance 500 piastres at 189/kWh: 2,646 Wh cost 500
    sessions
      .given(started({ balanceAtStart: 500 }))
      .when(
        { kind: 'readings', transactionId: '7', readings: [reading(1, 3000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(2, 3645)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(3, 3700)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
      )
      .thenMatches([
        { type: 'MeterReadingRecorded' },
        { type: 'MeterReadingRecorded' },
        { type: 'SessionStopRequested', data: { reason: 'low_balance', commandId: stopId } },
        { type: 'MeterReadingRecorded' },
      ]);
  });

  it('stops when the energy or the duration target is reached', () => {
    const readAt = (minutes: number, wh: number): SessionCommand[] => [
      { kind: 'readings', transactionId: '7', readings: [reading(minutes, wh)], at },
      { kind: 'auto-stop', stopCommandId: stopId, at },
    ];
    const targetReached = [{ type: 'MeterReadingRecorded' }, { type: 'SessionStopRequested', data: { reason: 'target_reached' } }];
    sessions
      .given(started({ target: { kind: 'energy', wh: 5000 } }))
      .when(...readAt(1, 6000))
      .thenMatches(targetReached);
    sessions
      .given(started({ target: { kind: 'duration', minutes: 30 } }))
      .when(...readAt(29, 2000))
      .thenTypes(['MeterReadingRecorded']);
    sessions
      .given(started({ target: { kind: 'duration', minutes: 30 } }))
      .when(...readAt(30, 2000))
      .thenMatches(targetReached);
  });

  it('a repeated stop causes nothing; energy never negative; the minimum charge applies', () => {
    const stop: SessionCommand = { kind: 'stop', transactionId: '7', meterStopWh: 900, stoppedAt: t(5), chargerReason: null, at };
    const billed: SessionCommand = { kind: 'billed', amount: 2000, walletTransactionId: 'session:s-1', at };
    sessions
      .given(started())
      .when(stop, stop, billed, billed)
      .thenMatches([{ type: 'SessionStopped', data: { energyWh: 0, cost: 2000, reason: 'charger' } }, { type: 'SessionBilled' }]);
  });

  it('a second transaction id of the same transaction is an alias; another transaction is refused', () => {
    const given = started();
    const again: SessionCommand = { kind: 'charging', transactionId: '8', meterStartWh: 1000, startedAt: t(0), at };
    const aliased = sessions.given(given).when(again, again).thenTypes(['SessionTransactionAliased']);
    sessions
      .given([...given, ...aliased])
      .when({ kind: 'stop', transactionId: '8', meterStopWh: 2000, stoppedAt: t(5), chargerReason: null, at })
      .thenTypes(['SessionStopped']);
    sessions
      .given(given)
      .when({ ...again, transactionId: '9', meterStartWh: 5 })
      .thenThrows('concurrency.conflict');
  });

  it('fails only before charging; a failed session takes no transaction', () => {
    const given = sessions.given([]).when({ kind: 'request', data: requested() }).thenTypes(['SessionRequested']);
    sessions
      .given(given)
      .when(
        { kind: 'fail', reason: 'rejected', detail: null, at },
        { kind: 'fail', reason: 'timeout', detail: null, at },
        { kind: 'charging', transactionId: '7', meterStartWh: 0, startedAt: t(0), at },
      )
      .thenTypes(['SessionStartFailed']);
    sessions.given(started()).when({ kind: 'fail', reason: 'no_cable', detail: null, at }).thenNothingHappened();
  });

  it('fails an accepted start for want of a cable only once the wait has passed at the time it is given', () => {
    const accepted = sessions
      .given([])
      .when({ kind: 'request', data: requested() }, { kind: 'accept', commandId: 'cmd-1', at })
      .thenTypes(['SessionRequested', 'SessionStartAccepted']);
    const wait = 3 * 60_000;
    sessions
      .given(accepted)
      .when({ kind: 'no-cable', plugInWithinMs: wait, at: t(2.9) })
      .thenNothingHappened();
    sessions
      .given(accepted)
      .when({ kind: 'no-cable', plugInWithinMs: wait, at: t(3) })
      .then([{ type: 'SessionStartFailed', data: { sessionId: 's-1', reason: 'no_cable', detail: null, at: t(3) } }]);
    // Charging, or never accepted: the clock's check causes nothing.
    sessions
      .given(started())
      .when({ kind: 'no-cable', plugInWithinMs: wait, at: t(60) })
      .thenNothingHappened();
    sessions
      .given([])
      .when({ kind: 'no-cable', plugInWithinMs: wait, at: t(60) })
      .thenNothingHappened();
  });
});

describe('connector claim decider', () => {
  const claim = (sessionId: string, over: Partial<Extract<ClaimCommand, { kind: 'claim' }>> = {}): ClaimCommand => ({
    kind: 'claim',
    chargerId: 'CP-1',
    connectorId: 1,
    sessionId,
    customerId: 'c-1',
    idTag: 'TAG1',
    at,
    holderCharging: false,
    ...over,
  });
  const claims = DeciderSpecification.for(connectorClaimDecider).given([]);

  it('one open claim; the same session again is a no-op; another is busy', () => {
    claims.when(claim('s-1'), claim('s-1')).thenTypes(['ConnectorClaimed']);
    claims.when(claim('s-1'), claim('s-2')).thenThrows('charging.connector_busy');
  });

  it('a released connector can be claimed again', () => {
    const release: ClaimCommand = { kind: 'release', chargerId: 'CP-1', connectorId: 1, sessionId: 's-1', at };
    claims.when(claim('s-1'), release, release, claim('s-2')).thenTypes(['ConnectorClaimed', 'ConnectorReleased', 'ConnectorClaimed']);
  });

  it('a stale claim without a transaction may be taken over, one with a transaction may not', () => {
    const later = t(3);
    claims.when(claim('s-1'), claim('s-2', { at: later })).thenTypes(['ConnectorClaimed', 'ConnectorReleased', 'ConnectorClaimed']);
    claims.when(claim('s-1'), claim('s-2', { at: t(2) })).thenThrows('charging.connector_busy');
    claims.when(claim('s-1'), claim('s-2', { at: later, holderCharging: true })).thenThrows('charging.connector_busy');
  });
});

describe('id token decider', () => {
  const tokens = DeciderSpecification.for(idTokenDecider).given([]);
  const issue: IdTokenCommand = { kind: 'issue', idTag: 'TAG1', customerId: 'c-1', tokenKind: 'app', expiresAt: null, at };
  const open = (sessionId: string, over: Partial<Extract<IdTokenCommand, { kind: 'open' }>> = {}): IdTokenCommand => ({
    kind: 'open',
    idTag: 'TAG1',
    sessionId,
    chargerId: 'CP-1',
    connectorId: 1,
    at,
    ...over,
  });

  it('issued once to one customer', () => {
    tokens.when(issue, issue).thenTypes(['IdTokenIssued']);
    tokens.when(issue, { ...issue, customerId: 'c-2' }).thenThrows('concurrency.conflict');
  });

  it("an app token's scope is its session's: the same session again changes nothing, a booking's next session rescopes it", () => {
    const scope = (sessionId: string) => ({ chargerId: 'CP-1', connectorId: 1, validFrom: t(0), validUntil: t(3), sessionId });
    const app = (sessionId: string) => ({ ...issue, tokenKind: 'app' as const, scope: scope(sessionId) });
    tokens.when(app('s-1'), app('s-1')).thenTypes(['IdTokenIssued']);
    const again = tokens.when(app('s-1'), app('s-2'));
    again.thenMatches([{ data: { scope: scope('s-1') } }, { data: { scope: scope('s-2') } }]);
    expect(again.state().owner?.scope?.sessionId).toBe('s-2');
  });

  it('one open session per token; closed, another may open', () => {
    tokens.when(issue, open('s-1'), open('s-2')).thenThrows('charging.active_session_exists');
    tokens
      .when(issue, open('s-1'), open('s-1'), { kind: 'close', idTag: 'TAG1', sessionId: 's-1', at }, open('s-2'))
      .thenTypes(['IdTokenIssued', 'IdTokenSessionOpened', 'IdTokenSessionClosed', 'IdTokenSessionOpened']);
    tokens
      .when(issue, open('s-1'), open('s-2', { replacing: 's-1' }))
      .thenMatches([{ type: 'IdTokenIssued' }, { type: 'IdTokenSessionOpened' }, { data: { sessionId: 's-2' } }]);
  });
});

describe('transaction binding decider', () => {
  it('created once', () => {
    const bindings = DeciderSpecification.for(transactionBindingDecider);
    const bound = { chargerId: 'CP-1', transactionId: '7', sessionId: 's-1', at };
    const given = bindings
      .given([])
      .when(bound)
      .then([{ type: 'TransactionBound', data: bound }]);
    bindings.given(given).when(bound).thenNothingHappened();
    bindings
      .given(given)
      .when({ ...bound, sessionId: 's-2' })
      .thenThrows('concurrency.conflict');
  });
});

describe('authorization', () => {
  const facts = (over: Partial<AuthorizationFacts> = {}): AuthorizationFacts => ({
    token: { owner: { customerId: 'c-1', kind: 'card', expiresAt: null, scope: null }, blocked: false, open: null },
    account: { banned: false, active: true },
    balance: 5000,
    minimumCharge: 2000,
    chargerId: 'CP-1',
    connectorId: 1,
    now: new Date(at),
    ...over,
  });
  const token = facts().token;

  it('answers per the rules', () => {
    expect(authorizationStatus(facts())).toBe('Accepted');
    expect(authorizationStatus(facts({ token: { ...token, owner: null } }))).toBe('Invalid');
    expect(authorizationStatus(facts({ token: { ...token, blocked: true } }))).toBe('Blocked');
    expect(authorizationStatus(facts({ account: { banned: true, active: true } }))).toBe('Blocked');
    expect(
      authorizationStatus(facts({ token: { ...token, owner: { customerId: 'c-1', kind: 'card', expiresAt: t(-1), scope: null } } })),
    ).toBe('Expired');
    expect(authorizationStatus(facts({ token: { ...token, open: { sessionId: 's', chargerId: 'CP-2', connectorId: 1 } } }))).toBe(
      'ConcurrentTx',
    );
    expect(authorizationStatus(facts({ token: { ...token, open: { sessionId: 's', chargerId: 'CP-1', connectorId: 1 } } }))).toBe(
      'Accepted',
    );
    expect(authorizationStatus(facts({ balance: 1999 }))).toBe('NoCredit'); // a 1.6 charger is told Blocked by the gateway
  });

  it('an app token stands only on its connector, in its window or while its own session runs there', () => {
    const scope = { chargerId: 'CP-1', connectorId: 1, validFrom: t(0), validUntil: t(3), sessionId: 's-1' };
    const app = { ...token, owner: { customerId: 'c-1', kind: 'app' as const, expiresAt: null, scope } };
    expect(authorizationStatus(facts({ token: app, now: new Date(t(1)) }))).toBe('Accepted');
    expect(authorizationStatus(facts({ token: app, now: new Date(t(1)), connectorId: null }))).toBe('Accepted');
    expect(authorizationStatus(facts({ token: app, now: new Date(t(1)), chargerId: 'CP-2' }))).toBe('Invalid');
    expect(authorizationStatus(facts({ token: app, now: new Date(t(1)), connectorId: 2 }))).toBe('Invalid');
    expect(authorizationStatus(facts({ token: app, now: new Date(t(-1)) }))).toBe('Invalid');
    expect(authorizationStatus(facts({ token: app, now: new Date(t(4)) }))).toBe('Invalid');
    expect(
      authorizationStatus(
        facts({ token: { ...app, open: { sessionId: 's-1', chargerId: 'CP-1', connectorId: 1 } }, now: new Date(t(90)) }),
      ),
    ).toBe('Accepted');
    // The stable tag of old (one issued without a scope) stands nowhere, even with its session open.
    const old = {
      owner: { customerId: 'c-1', kind: 'app' as const, expiresAt: null, scope: null },
      blocked: false,
      open: { sessionId: 's-1', chargerId: 'CP-1', connectorId: 1 },
    };
    expect(authorizationStatus(facts({ token: old }))).toBe('Invalid');
  });
});

describe('ids and prices', () => {
  it("the customer's lock tag is stable and differs per customer; an app token is new each time, 20 characters of the idTag alphabet", () => {
    expect(appIdTag('c-1')).toBe(appIdTag('c-1'));
    expect(appIdTag('c-1')).toMatch(/^A[A-Z2-7]{19}$/);
    expect(appIdTag('c-1')).not.toBe(appIdTag('c-2'));
    const tags = new Set(Array.from({ length: 1000 }, () => newAppIdTag()));
    expect(tags.size).toBe(1000);
    for (const tag of tags) expect(tag).toMatch(/^A[A-Z2-7]{19}$/);
  });

  it('derived ids never change between versions (a retried start or a replay must find the same ids)', () => {
    expect(uuidFrom('remote-start:s-1')).toBe('860d1d7e-6310-5481-a769-9c805eba6f78');
    expect(appIdTag('c-1')).toBe('AQEX46X5U43PLD5HUAJS');
  });

  it('deterministic uuids', () => {
    expect(uuidFrom('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cardSessionId('CP-1', 1, 'TAG', '2026-01-01T10:00:00Z')).toBe(cardSessionId('CP-1', 1, 'TAG', at));
    expect(cardSessionId('CP-1', 1, 'TAG', at)).not.toBe(cardSessionId('CP-1', 2, 'TAG', at));
  });

  it('prices in force: the latest effective change not in the future', () => {
    const p = (effectiveFrom: string, ac: number) => ({
      acPricePerKwh: ac,
      dcPricePerKwh: 375,
      minimumCharge: 0,
      bookingFeePerMinute: 0,
      effectiveFrom,
    });
    const changes = [p('2026-01-01T00:00:00.000Z', 189), p('2026-03-01T00:00:00.000Z', 250), p('2026-02-01T00:00:00.000Z', 200)];
    expect(pricesInForce(changes, new Date('2026-02-15T00:00:00Z'))?.acPricePerKwh).toBe(200);
    expect(pricesInForce(changes, new Date('2025-12-31T00:00:00Z'))).toBeNull();
  });
});
