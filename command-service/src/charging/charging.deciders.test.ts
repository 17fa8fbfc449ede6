import { describe, expect, it } from 'vitest';
import type { ConnectorClaimEvent, SessionEvent, SessionRequested } from '@evc/contracts';
import { fold } from '../shared/decider';
import { authorizationStatus, type AuthorizationFacts } from './authorization';
import { connectorClaimDecider, type ClaimCommand } from './connector-claim.decider';
import { idTokenDecider, type IdTokenCommand, type IdTokenStreamEvent } from './id-token.decider';
import { appIdTag, cardSessionId, uuidFrom } from './ids';
import { pricesInForce } from './pricing';
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

/** Given these commands one after another (each decided on the state so far), the events they caused. */
function run(commands: SessionCommand[], given: SessionEvent[] = []) {
  const events = [...given];
  for (const c of commands) events.push(...sessionDecider.decide(c, fold(sessionDecider, events)));
  return events.slice(given.length);
}
const started = (over: Partial<SessionRequested['data']> = {}) =>
  run([
    { kind: 'request', data: requested(over) },
    { kind: 'accept', commandId: 'cmd-1', at },
    { kind: 'charging', transactionId: '7', meterStartWh: 1000, startedAt: t(0), at },
  ]);

describe('session decider', () => {
  it('requested → accepted → charging → stopping → stopped → billed', () => {
    const given = started();
    const events = run(
      [
        { kind: 'readings', transactionId: '7', readings: [reading(1, 2000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'request-stop', reason: 'customer', commandId: stopId, at },
        { kind: 'stop', transactionId: '7', meterStopWh: 21_000, stoppedAt: t(30), chargerReason: 'Remote', at },
        { kind: 'billed', amount: 3780, walletTransactionId: 'session:s-1', at },
      ],
      given,
    );
    expect([...given, ...events].map((e) => e.type)).toEqual([
      'SessionRequested',
      'SessionStartAccepted',
      'SessionCharging',
      'MeterReadingRecorded',
      'SessionStopRequested',
      'SessionStopped',
      'SessionBilled',
    ]);
    // 20,000 Wh × 189 piastres/kWh = 3,780 piastres, above the 2,000 minimum
    expect(events[2]).toMatchObject({ data: { energyWh: 20_000, cost: 3780, reason: 'customer', chargerReason: 'Remote' } });
    expect(fold(sessionDecider, [...given, ...events]).phase).toBe('billed');
  });

  it('a repeated request is a no-op; the same id with another request is a conflict', () => {
    const given = run([{ kind: 'request', data: requested() }]);
    expect(run([{ kind: 'request', data: { ...requested(), at: t(1), balanceAtStart: 5 } }], given)).toEqual([]);
    expect(() => run([{ kind: 'request', data: requested({ connectorId: 2 }) }], given)).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });

  it('records each reading timestamp once, in any order; energy follows the latest register', () => {
    const given = started();
    const events = run(
      [
        { kind: 'readings', transactionId: '7', readings: [reading(3, 4000), reading(1, 2000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(1, 2000), reading(2, 3000), reading(3, 4000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: 'unknown', readings: [reading(4, 5000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
      ],
      given,
    );
    expect(events.map((e) => (e.data as { timestamp: string }).timestamp)).toEqual([t(1), t(3), t(2)]);
    const state = fold(sessionDecider, [...given, ...events]);
    expect(state.latest?.energyWh).toBe(4000);
  });

  it('stops for low balance once the running energy cost reaches the balance at start, once', () => {
    // balance 500 piastres at 189/kWh: 2,646 Wh cost 500
    const given = started({ balanceAtStart: 500 });
    const events = run(
      [
        { kind: 'readings', transactionId: '7', readings: [reading(1, 3000)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(2, 3645)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
        { kind: 'readings', transactionId: '7', readings: [reading(3, 3700)], at },
        { kind: 'auto-stop', stopCommandId: stopId, at },
      ],
      given,
    );
    expect(events.map((e) => e.type)).toEqual(['MeterReadingRecorded', 'MeterReadingRecorded', 'SessionStopRequested', 'MeterReadingRecorded']);
    expect(events[2]).toMatchObject({ data: { reason: 'low_balance', commandId: stopId } });
  });

  it('stops when the energy or the duration target is reached', () => {
    const readAt = (minutes: number, wh: number): SessionCommand[] => [
      { kind: 'readings', transactionId: '7', readings: [reading(minutes, wh)], at },
      { kind: 'auto-stop', stopCommandId: stopId, at },
    ];
    const energy = run(readAt(1, 6000), started({ target: { kind: 'energy', wh: 5000 } }));
    expect(energy.at(-1)).toMatchObject({ type: 'SessionStopRequested', data: { reason: 'target_reached' } });
    const early = run(readAt(29, 2000), started({ target: { kind: 'duration', minutes: 30 } }));
    expect(early.map((e) => e.type)).toEqual(['MeterReadingRecorded']);
    const due = run(readAt(30, 2000), started({ target: { kind: 'duration', minutes: 30 } }));
    expect(due.at(-1)).toMatchObject({ type: 'SessionStopRequested', data: { reason: 'target_reached' } });
  });

  it('a repeated stop causes nothing; energy never negative; the minimum charge applies', () => {
    const given = started();
    const stop: SessionCommand = { kind: 'stop', transactionId: '7', meterStopWh: 900, stoppedAt: t(5), chargerReason: null, at };
    const events = run([stop, stop, { kind: 'billed', amount: 2000, walletTransactionId: 'session:s-1', at }, { kind: 'billed', amount: 2000, walletTransactionId: 'session:s-1', at }], given);
    expect(events.map((e) => e.type)).toEqual(['SessionStopped', 'SessionBilled']);
    expect(events[0]).toMatchObject({ data: { energyWh: 0, cost: 2000, reason: 'charger' } });
  });

  it('a second transaction id of the same transaction is an alias; another transaction is refused', () => {
    const given = started();
    const again: SessionCommand = { kind: 'charging', transactionId: '8', meterStartWh: 1000, startedAt: t(0), at };
    const events = run([again, again], given);
    expect(events.map((e) => e.type)).toEqual(['SessionTransactionAliased']);
    expect(run([{ kind: 'stop', transactionId: '8', meterStopWh: 2000, stoppedAt: t(5), chargerReason: null, at }], [...given, ...events])).toHaveLength(1);
    expect(() => run([{ ...again, transactionId: '9', meterStartWh: 5 }], given)).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });

  it('fails only before charging; a failed session takes no transaction', () => {
    const given = run([{ kind: 'request', data: requested() }]);
    const events = run(
      [
        { kind: 'fail', reason: 'rejected', detail: null, at },
        { kind: 'fail', reason: 'timeout', detail: null, at },
        { kind: 'charging', transactionId: '7', meterStartWh: 0, startedAt: t(0), at },
      ],
      given,
    );
    expect(events.map((e) => e.type)).toEqual(['SessionStartFailed']);
    expect(run([{ kind: 'fail', reason: 'no_cable', detail: null, at }], started())).toEqual([]);
  });
});

describe('connector claim decider', () => {
  const claim = (sessionId: string, over: Partial<Extract<ClaimCommand, { kind: 'claim' }>> = {}): ClaimCommand => ({
    kind: 'claim', chargerId: 'CP-1', connectorId: 1, sessionId, customerId: 'c-1', idTag: 'TAG1', at, holderCharging: false, ...over,
  });
  const run = (commands: ClaimCommand[]) => {
    const events: ConnectorClaimEvent[] = [];
    for (const c of commands) events.push(...connectorClaimDecider.decide(c, fold(connectorClaimDecider, events)));
    return events;
  };

  it('one open claim; the same session again is a no-op; another is busy', () => {
    expect(run([claim('s-1'), claim('s-1')]).map((e) => e.type)).toEqual(['ConnectorClaimed']);
    expect(() => run([claim('s-1'), claim('s-2')])).toThrow(expect.objectContaining({ code: 'charging.connector_busy' }));
  });

  it('a released connector can be claimed again', () => {
    const release: ClaimCommand = { kind: 'release', chargerId: 'CP-1', connectorId: 1, sessionId: 's-1', at };
    expect(run([claim('s-1'), release, release, claim('s-2')]).map((e) => e.type)).toEqual(['ConnectorClaimed', 'ConnectorReleased', 'ConnectorClaimed']);
  });

  it('a stale claim without a transaction may be taken over, one with a transaction may not', () => {
    const later = t(3);
    expect(run([claim('s-1'), claim('s-2', { at: later })]).map((e) => e.type)).toEqual(['ConnectorClaimed', 'ConnectorReleased', 'ConnectorClaimed']);
    expect(() => run([claim('s-1'), claim('s-2', { at: t(2) })])).toThrow(expect.objectContaining({ code: 'charging.connector_busy' }));
    expect(() => run([claim('s-1'), claim('s-2', { at: later, holderCharging: true })])).toThrow(expect.objectContaining({ code: 'charging.connector_busy' }));
  });
});

describe('id token decider', () => {
  const run = (commands: IdTokenCommand[]) => {
    const events: IdTokenStreamEvent[] = [];
    for (const c of commands) events.push(...idTokenDecider.decide(c, fold(idTokenDecider, events)));
    return events;
  };
  const issue: IdTokenCommand = { kind: 'issue', idTag: 'TAG1', customerId: 'c-1', tokenKind: 'app', expiresAt: null, at };
  const open = (sessionId: string, over: Partial<Extract<IdTokenCommand, { kind: 'open' }>> = {}): IdTokenCommand => ({ kind: 'open', idTag: 'TAG1', sessionId, chargerId: 'CP-1', connectorId: 1, at, ...over });

  it('issued once to one customer', () => {
    expect(run([issue, issue]).map((e) => e.type)).toEqual(['IdTokenIssued']);
    expect(() => run([issue, { ...issue, customerId: 'c-2' }])).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });

  it('one open session per token; closed, another may open', () => {
    expect(() => run([issue, open('s-1'), open('s-2')])).toThrow(expect.objectContaining({ code: 'charging.active_session_exists' }));
    expect(run([issue, open('s-1'), open('s-1'), { kind: 'close', idTag: 'TAG1', sessionId: 's-1', at }, open('s-2')]).map((e) => e.type)).toEqual([
      'IdTokenIssued',
      'IdTokenSessionOpened',
      'IdTokenSessionClosed',
      'IdTokenSessionOpened',
    ]);
    expect(run([issue, open('s-1'), open('s-2', { replacing: 's-1' })]).at(-1)).toMatchObject({ data: { sessionId: 's-2' } });
  });
});

describe('transaction binding decider', () => {
  it('created once', () => {
    const bound = { chargerId: 'CP-1', transactionId: '7', sessionId: 's-1', at };
    const [event] = transactionBindingDecider.decide(bound, transactionBindingDecider.initialState);
    const state = fold(transactionBindingDecider, [event!]);
    expect(transactionBindingDecider.decide(bound, state)).toEqual([]);
    expect(() => transactionBindingDecider.decide({ ...bound, sessionId: 's-2' }, state)).toThrow(expect.objectContaining({ code: 'concurrency.conflict' }));
  });
});

describe('authorization', () => {
  const facts = (over: Partial<AuthorizationFacts> = {}): AuthorizationFacts => ({
    token: { owner: { customerId: 'c-1', kind: 'card', expiresAt: null }, blocked: false, open: null },
    account: { banned: false, active: true },
    balance: 5000,
    minimumCharge: 2000,
    v201: false,
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
    expect(authorizationStatus(facts({ token: { ...token, owner: { customerId: 'c-1', kind: 'card', expiresAt: t(-1) } } }))).toBe('Expired');
    expect(authorizationStatus(facts({ token: { ...token, open: { sessionId: 's', chargerId: 'CP-2', connectorId: 1 } } }))).toBe('ConcurrentTx');
    expect(authorizationStatus(facts({ token: { ...token, open: { sessionId: 's', chargerId: 'CP-1', connectorId: 1 } } }))).toBe('Accepted');
    expect(authorizationStatus(facts({ balance: 1999 }))).toBe('Blocked');
    expect(authorizationStatus(facts({ balance: 1999, v201: true }))).toBe('NoCredit');
  });
});

describe('ids and prices', () => {
  it('the app tag is stable, 20 characters of the idTag alphabet, and differs per customer', () => {
    expect(appIdTag('c-1')).toBe(appIdTag('c-1'));
    expect(appIdTag('c-1')).toMatch(/^A[A-Z2-7]{19}$/);
    expect(appIdTag('c-1')).not.toBe(appIdTag('c-2'));
  });

  it('deterministic uuids', () => {
    expect(uuidFrom('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cardSessionId('CP-1', 1, 'TAG', '2026-01-01T10:00:00Z')).toBe(cardSessionId('CP-1', 1, 'TAG', at));
    expect(cardSessionId('CP-1', 1, 'TAG', at)).not.toBe(cardSessionId('CP-1', 2, 'TAG', at));
  });

  it('prices in force: the latest effective change not in the future', () => {
    const p = (effectiveFrom: string, ac: number) => ({ acPricePerKwh: ac, dcPricePerKwh: 375, minimumCharge: 0, bookingFeePerMinute: 0, effectiveFrom });
    const changes = [p('2026-01-01T00:00:00.000Z', 189), p('2026-03-01T00:00:00.000Z', 250), p('2026-02-01T00:00:00.000Z', 200)];
    expect(pricesInForce(changes, new Date('2026-02-15T00:00:00Z'))?.acPricePerKwh).toBe(200);
    expect(pricesInForce(changes, new Date('2025-12-31T00:00:00Z'))).toBeNull();
  });
});
