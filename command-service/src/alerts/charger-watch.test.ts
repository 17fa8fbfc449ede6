import { describe, expect, it } from 'vitest';
import type { ChargerMessage, InboundChargerMessage } from '@evc/contracts';
import { newChargerWatch, watchDue, watchMessage, type AlertAction, type AlertLimits, type ChargerWatch } from './charger-watch';

const limits: AlertLimits = {
  heartbeatIntervalMs: 60_000,
  silentMarginMs: 30_000,
  transactionMaxMs: 24 * 3_600_000,
  meterQuietMs: 3_600_000,
  preparingMaxMs: 15 * 60_000,
};
const t0 = Date.parse('2026-03-01T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
let n = 0;
const msg = (message: ChargerMessage, at = t0): InboundChargerMessage => ({
  chargerId: 'CP-1',
  protocol: 'ocpp1.6',
  connectionId: 'conn-1',
  messageId: String(++n),
  receivedAt: iso(at),
  message,
});
const status = (connectorId: number, s: 'available' | 'preparing' | 'charging' | 'faulted', errorCode: string | null = null) =>
  ({ type: 'StatusReported', connectorId, status: s, reportedStatus: s, errorCode, errorInfo: 'RCD', vendorErrorCode: 'E-1' }) as const;

/** Feeds messages in order; answers the final watch and every action they caused. */
function feed(messages: InboundChargerMessage[], watch: ChargerWatch = newChargerWatch()) {
  const actions: AlertAction[] = [];
  for (const m of messages) {
    const r = watchMessage(watch, m);
    watch = r.watch;
    actions.push(...r.actions);
  }
  return { watch, actions };
}

describe('charger watch: what opens and resolves alerts', () => {
  it('a Faulted status opens a faulted alert with its error code, text and vendor code', () => {
    const { actions } = feed([msg(status(1, 'faulted', 'GroundFailure'))]);
    expect(actions).toContainEqual({
      open: 'faulted',
      cause: expect.objectContaining({ connectorId: 1, errorCode: 'GroundFailure', info: 'RCD', vendorErrorCode: 'E-1' }),
    });
  });

  it('resolves the fault only when no connector is faulted any more', () => {
    const { watch } = feed([msg(status(1, 'faulted', 'GroundFailure')), msg(status(2, 'faulted', 'OverVoltage'))]);
    expect(feed([msg(status(1, 'available'))], watch).actions.filter((a) => 'recover' in a && a.recover === 'faulted')).toEqual([]);
    const both = feed([msg(status(1, 'available')), msg(status(2, 'charging'))], watch);
    expect(both.actions).toContainEqual({ recover: 'faulted', recovery: 'charging' });
  });

  it('a charger silent beyond its heartbeat interval plus the margin is due once; speaking again resolves it', () => {
    const { watch } = feed([msg({ type: 'Heartbeat' })]);
    expect(watchDue(watch, t0 + 90_000, limits).actions).toEqual([]);
    const due = watchDue(watch, t0 + 90_001, limits);
    expect(due.actions).toEqual([{ open: 'silent', cause: expect.objectContaining({ since: iso(t0) }) }]);
    expect(watchDue(due.watch, t0 + 200_000, limits).actions).toEqual([]);
    expect(feed([msg({ type: 'Heartbeat' }, t0 + 300_000)], due.watch).actions).toEqual([{ recover: 'silent', recovery: 'Heartbeat' }]);
  });

  it('connection notes are not the charger speaking', () => {
    const { watch } = feed([msg({ type: 'Heartbeat' })]);
    const after = feed([msg({ type: 'Disconnected' }, t0 + 80_000)], watch).watch;
    expect(watchDue(after, t0 + 90_001, limits).actions).toHaveLength(1);
  });

  it('a transaction open beyond its maximum with no meter values for the quiet time is stuck; meter values resolve it', () => {
    const start = msg({
      type: 'TransactionStarted',
      transactionId: 'tx-1',
      connectorId: 1,
      idTag: 'T',
      meterStartWh: 0,
      startedAt: iso(t0),
      samples: [],
    });
    const meter = (at: number) => msg({ type: 'MeterValuesReported', connectorId: 1, transactionId: 'tx-1', samples: [] }, at);
    const day = 24 * 3_600_000;
    // Metered until half an hour ago: open long enough, but not quiet long enough.
    const { watch } = feed([start, meter(t0 + day - 1_800_000)]);
    const noisy = watchDue(watch, t0 + day + 1, limits);
    expect(noisy.actions.filter((a) => 'open' in a && a.open === 'transaction-stuck')).toEqual([]);
    const quiet = watchDue(watch, t0 + day + 1_800_001, limits);
    expect(quiet.actions).toContainEqual({ open: 'transaction-stuck', cause: expect.objectContaining({ transactionId: 'tx-1' }) });
    const resumed = feed([meter(t0 + day + 1_900_000)], quiet.watch);
    expect(resumed.actions).toContainEqual({ recover: 'transaction-stuck', recovery: 'MeterValues' });
    const ended = feed(
      [msg({ type: 'TransactionEnded', transactionId: 'tx-1', meterStopWh: 10, endedAt: iso(t0), reason: null, samples: [] })],
      quiet.watch,
    );
    expect(ended.actions).toContainEqual({ recover: 'transaction-stuck', recovery: 'TransactionEnded' });
  });

  it('a connector in Preparing too long is stuck; leaving Preparing resolves it', () => {
    const { watch } = feed([msg(status(2, 'preparing'))]);
    const preparing = (actions: AlertAction[]) => actions.filter((a) => 'open' in a && a.open === 'preparing-stuck');
    expect(preparing(watchDue(watch, t0 + 15 * 60_000, limits).actions)).toEqual([]);
    const due = watchDue(watch, t0 + 15 * 60_000 + 1, limits);
    expect(preparing(due.actions)).toEqual([
      { open: 'preparing-stuck', cause: expect.objectContaining({ connectorId: 2, since: iso(t0) }) },
    ]);
    expect(feed([msg(status(2, 'available'))], due.watch).actions).toContainEqual({ recover: 'preparing-stuck', recovery: 'available' });
  });
});
