import type { AlertCause, AlertKind, InboundChargerMessage } from '@evc/contracts';

/**
 * What the alert rules remember of one charger, from its messages on `ocpp.inbound`: when it was last heard from,
 * which connectors are faulted or preparing since when, its open transactions. Pure: the watcher keeps one per
 * charger in memory, and a restart watches each charger again from its next message.
 */
export interface ChargerWatch {
  lastHeardAt: string | null;
  faulted: number[];
  preparingSince: Record<number, string>;
  transactions: Record<string, { connectorId: number; startedAt: string; lastMeterAt: string }>;
  /** The time-based kinds already asked to open, so a sweep asks once per episode. */
  asked: AlertKind[];
}

export const newChargerWatch = (): ChargerWatch => ({ lastHeardAt: null, faulted: [], preparingSince: {}, transactions: {}, asked: [] });

/** What the watcher asks of the alert streams. */
export type AlertAction = { open: AlertKind; cause: AlertCause } | { recover: AlertKind; recovery: string };

/** The time limits of the time-based kinds, in milliseconds. */
export interface AlertLimits {
  heartbeatIntervalMs: number;
  silentMarginMs: number;
  transactionMaxMs: number;
  meterQuietMs: number;
  preparingMaxMs: number;
}

const cause = (since: string, more: Partial<AlertCause> = {}): AlertCause => ({
  connectorId: null,
  errorCode: null,
  info: null,
  vendorErrorCode: null,
  since,
  transactionId: null,
  lastMeterAt: null,
  ...more,
});

const without = <T>(list: T[], x: T) => list.filter((y) => y !== x);
const ms = (iso: string) => Date.parse(iso);

/**
 * One message into the watch: the new watch and what it opens or resolves at once. A Faulted status opens `faulted`;
 * Available or Charging on the last faulted connector resolves it. Any message the charger itself sent (or a new
 * connection) resolves `silent`; leaving Preparing, meter values or the end of a transaction resolve the stuck kinds.
 */
export function watchMessage(watch: ChargerWatch, m: InboundChargerMessage): { watch: ChargerWatch; actions: AlertAction[] } {
  const at = m.receivedAt;
  const actions: AlertAction[] = [];
  let next = watch;
  const msg = m.message;
  if (msg.type === 'Disconnected' || msg.type === 'Silent') return { watch, actions };
  // Heard from: a silence ends (asked again after a restart too: resolving what is not open causes nothing).
  if (watch.lastHeardAt === null || watch.asked.includes('silent')) actions.push({ recover: 'silent', recovery: msg.type });
  next = { ...next, lastHeardAt: at, asked: without(next.asked, 'silent') };
  if (msg.type === 'StatusReported') {
    const c = msg.connectorId;
    if (msg.status === 'faulted') {
      next = { ...next, faulted: [...without(next.faulted, c), c] };
      actions.push({
        open: 'faulted',
        cause: cause(at, {
          connectorId: c,
          errorCode: msg.errorCode,
          info: msg.errorInfo ?? null,
          vendorErrorCode: msg.vendorErrorCode ?? null,
        }),
      });
    } else {
      next = { ...next, faulted: without(next.faulted, c) };
      if ((msg.status === 'available' || msg.status === 'charging') && next.faulted.length === 0)
        actions.push({ recover: 'faulted', recovery: msg.reportedStatus });
    }
    if (msg.status === 'preparing') {
      if (next.preparingSince[c] === undefined) next = { ...next, preparingSince: { ...next.preparingSince, [c]: at } };
    } else if (next.preparingSince[c] !== undefined) {
      const { [c]: _left, ...rest } = next.preparingSince;
      next = { ...next, preparingSince: rest };
      if (Object.keys(rest).length === 0) {
        next = { ...next, asked: without(next.asked, 'preparing-stuck') };
        actions.push({ recover: 'preparing-stuck', recovery: msg.reportedStatus });
      }
    }
  } else if (msg.type === 'TransactionStarted') {
    const t = next.transactions[msg.transactionId];
    next = {
      ...next,
      transactions: {
        ...next.transactions,
        [msg.transactionId]: t ?? { connectorId: msg.connectorId, startedAt: msg.startedAt, lastMeterAt: at },
      },
    };
  } else if (msg.type === 'MeterValuesReported' && msg.transactionId !== null && next.transactions[msg.transactionId]) {
    const t = next.transactions[msg.transactionId]!;
    next = { ...next, transactions: { ...next.transactions, [msg.transactionId]: { ...t, lastMeterAt: at } } };
    if (next.asked.includes('transaction-stuck')) {
      next = { ...next, asked: without(next.asked, 'transaction-stuck') };
      actions.push({ recover: 'transaction-stuck', recovery: 'MeterValues' });
    }
  } else if (msg.type === 'TransactionEnded') {
    const { [msg.transactionId]: _ended, ...rest } = next.transactions;
    next = { ...next, transactions: rest };
    if (next.asked.includes('transaction-stuck')) {
      next = { ...next, asked: without(next.asked, 'transaction-stuck') };
      actions.push({ recover: 'transaction-stuck', recovery: 'TransactionEnded' });
    }
  }
  return { watch: next, actions };
}

/**
 * The time-based kinds due at `now`: silent beyond the heartbeat interval plus the margin; a transaction open
 * longer than its maximum with no meter values for the quiet time; a connector in Preparing too long. Each is asked
 * once per episode (the watch remembers it); the alert stream opens at most one anyway.
 */
export function watchDue(watch: ChargerWatch, now: number, limits: AlertLimits): { watch: ChargerWatch; actions: AlertAction[] } {
  const actions: AlertAction[] = [];
  const asked = [...watch.asked];
  const ask = (kind: AlertKind, c: AlertCause) => {
    if (asked.includes(kind)) return;
    asked.push(kind);
    actions.push({ open: kind, cause: c });
  };
  if (watch.lastHeardAt !== null && now - ms(watch.lastHeardAt) > limits.heartbeatIntervalMs + limits.silentMarginMs)
    ask('silent', cause(watch.lastHeardAt));
  const stuck = Object.entries(watch.transactions)
    .filter(([, t]) => now - ms(t.startedAt) > limits.transactionMaxMs && now - ms(t.lastMeterAt) > limits.meterQuietMs)
    .sort(([, a], [, b]) => a.startedAt.localeCompare(b.startedAt));
  const [first] = stuck;
  if (first) {
    const [transactionId, t] = first;
    ask('transaction-stuck', cause(t.startedAt, { connectorId: t.connectorId, transactionId, lastMeterAt: t.lastMeterAt }));
  }
  const preparing = Object.entries(watch.preparingSince)
    .filter(([, since]) => now - ms(since) > limits.preparingMaxMs)
    .sort(([, a], [, b]) => a.localeCompare(b));
  const [longest] = preparing;
  if (longest) ask('preparing-stuck', cause(longest[1], { connectorId: Number(longest[0]) }));
  return { watch: actions.length ? { ...watch, asked } : watch, actions };
}
