import {
  energyCost,
  sessionCost,
  type SessionEvent,
  type SessionFailure,
  type SessionRequested,
  type SessionStatus,
  type StopReason,
} from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { GrowOnlyList } from '../shared/grow-only-list';

/** One sampled point of a charger's meter: the absolute energy register and what came with it. */
export interface Reading {
  timestamp: string;
  energyWh: number;
  powerW: number | null;
  socPercent: number | null;
}

export type SessionCommand =
  | { kind: 'request'; data: SessionRequested['data'] }
  | { kind: 'accept'; commandId: string; at: string }
  | { kind: 'fail'; reason: SessionFailure; detail: string | null; at: string }
  /** The clock's check of an accepted start: failed `no_cable` once `plugInWithinMs` passed since it was accepted. */
  | { kind: 'no-cable'; plugInWithinMs: number; at: string }
  | { kind: 'charging'; transactionId: string; meterStartWh: number; startedAt: string; at: string }
  | { kind: 'readings'; transactionId: string; readings: Reading[]; at: string }
  /** After readings (the system, not the charger, decides): stop for low balance or a reached target, once. */
  | { kind: 'auto-stop'; stopCommandId: string; at: string }
  | { kind: 'request-stop'; reason: StopReason; commandId: string | null; at: string }
  | { kind: 'stop'; transactionId: string; meterStopWh: number; stoppedAt: string; chargerReason: string | null; at: string }
  /** `amount`: what the wallet paid; `shortfall`: the cost it could not cover. */
  | { kind: 'billed'; amount: number; shortfall?: number; walletTransactionId: string; at: string };

export type SessionPhase = SessionStatus | 'none' | 'billed';

export interface SessionState {
  phase: SessionPhase;
  request: SessionRequested['data'] | null;
  transactionIds: string[];
  meterStartWh: number;
  startedAt: string | null;
  /** When the charger accepted the remote start (the cable is awaited from then on). */
  acceptedAt: string | null;
  /**
   * Timestamps (ms) of the readings recorded: a reading is recorded once per timestamp. A grow-only list: the states
   * of one session share its array, so a reading does not copy the hundreds before it.
   */
  readingTimes: GrowOnlyList<number>;
  /** The reading with the highest timestamp: the energy so far is its register − meterStart. */
  latest: { time: number; energyWh: number } | null;
  stopReason: StopReason | null;
  cost: number | null;
}

const ms = (iso: string) => new Date(iso).getTime();
const OPEN: SessionPhase[] = ['requested', 'accepted', 'charging', 'stopping'];

/** Energy delivered so far: the register of the latest reading − meterStart (never negative). */
export const energySoFar = (s: SessionState) => (s.latest ? Math.max(0, s.latest.energyWh - s.meterStartWh) : 0);
export const isOpen = (s: SessionState) => OPEN.includes(s.phase);

/** Whether a start accepted at `acceptedAtMs` waited for its cable too long at `nowMs`. */
export const cableOverdue = (acceptedAtMs: number, nowMs: number, plugInWithinMs: number) => nowMs - acceptedAtMs >= plugInWithinMs;

/** Why the system stops a running session after new readings, if it does. */
function autoStop(s: SessionState, now: { time: number } | null): StopReason | null {
  if (!s.request || s.stopReason) return null;
  const energy = energySoFar(s);
  // Running cost without the minimum: the minimum is covered by the balance the start required.
  if (energyCost(energy, s.request.prices.pricePerKwh) >= s.request.balanceAtStart) return 'low_balance';
  const target = s.request.target;
  if (target.kind === 'energy' && energy >= target.wh) return 'target_reached';
  if (target.kind === 'duration' && now && s.startedAt && now.time - ms(s.startedAt) >= target.minutes * 60_000) return 'target_reached';
  return null;
}

/**
 * `session-<id>`: requested → accepted → charging → stopping → stopped → billed, or failed. Every command is safe to
 * repeat: a repeated start, reading, stop or bill causes nothing; a second transaction id of the same transaction
 * is kept as an alias.
 */
export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: {
    phase: 'none',
    request: null,
    transactionIds: [],
    meterStartWh: 0,
    startedAt: null,
    acceptedAt: null,
    readingTimes: GrowOnlyList.empty(),
    latest: null,
    stopReason: null,
    cost: null,
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SessionRequested':
        return { ...state, phase: 'requested', request: event.data };
      case 'SessionStartAccepted':
        return state.phase === 'requested' ? { ...state, phase: 'accepted', acceptedAt: event.data.at } : state;
      case 'SessionStartFailed':
        return { ...state, phase: 'failed' };
      case 'SessionCharging':
        return {
          ...state,
          phase: 'charging',
          transactionIds: [event.data.transactionId],
          meterStartWh: event.data.meterStartWh,
          startedAt: event.data.startedAt,
        };
      case 'SessionTransactionAliased':
        return { ...state, transactionIds: [...state.transactionIds, event.data.transactionId] };
      case 'MeterReadingRecorded': {
        const time = ms(event.data.timestamp);
        const latest = !state.latest || time > state.latest.time ? { time, energyWh: event.data.energyWh } : state.latest;
        return { ...state, readingTimes: state.readingTimes.with(time), latest };
      }
      case 'SessionStopRequested':
        return {
          ...state,
          phase: state.phase === 'charging' ? 'stopping' : state.phase,
          stopReason: state.stopReason ?? event.data.reason,
        };
      case 'SessionStopped':
        return { ...state, phase: 'stopped', cost: event.data.cost };
      case 'SessionBilled':
        return { ...state, phase: 'billed' };
    }
  },
  decide(command, state) {
    const sessionId = state.request?.sessionId ?? '';
    if (command.kind === 'request') {
      if (!state.request) return [{ type: 'SessionRequested', data: command.data }];
      const { at: _a, balanceAtStart: _b, ...mine } = state.request;
      const { at: _c, balanceAtStart: _d, ...again } = command.data;
      if (JSON.stringify(mine) === JSON.stringify(again)) return [];
      throw new DomainError('request.duplicate_id', 'This session id was already used', [{ path: 'sessionId', code: 'exists' }]);
    }
    if (command.kind === 'no-cable' && state.phase !== 'accepted') return [];
    if (!state.request) throw new DomainError('charging.session_not_found', 'No such session');
    switch (command.kind) {
      case 'accept':
        return state.phase === 'requested'
          ? [{ type: 'SessionStartAccepted', data: { sessionId, commandId: command.commandId, at: command.at } }]
          : [];
      case 'fail':
        if (state.phase !== 'requested' && state.phase !== 'accepted') return [];
        return [{ type: 'SessionStartFailed', data: { sessionId, reason: command.reason, detail: command.detail, at: command.at } }];
      case 'no-cable':
        if (!cableOverdue(ms(state.acceptedAt ?? command.at), ms(command.at), command.plugInWithinMs)) return [];
        return [{ type: 'SessionStartFailed', data: { sessionId, reason: 'no_cable', detail: null, at: command.at } }];
      case 'charging': {
        const { transactionId, meterStartWh, startedAt, at } = command;
        if (state.phase === 'requested' || state.phase === 'accepted')
          return [{ type: 'SessionCharging', data: { sessionId, transactionId, meterStartWh, startedAt, at } }];
        if (state.startedAt === null || state.transactionIds.includes(transactionId)) return [];
        // Only the same natural transaction (start time and meter) may bring a second id.
        if (ms(state.startedAt) !== ms(startedAt) || state.meterStartWh !== meterStartWh) {
          throw new DomainError('concurrency.conflict', 'The session is bound to another transaction');
        }
        return [{ type: 'SessionTransactionAliased', data: { sessionId, transactionId, at } }];
      }
      case 'readings': {
        if (state.phase !== 'charging' && state.phase !== 'stopping') return [];
        if (!state.transactionIds.includes(command.transactionId)) return [];
        // A reading after the latest is new; only an older one is looked for among the session's (a long session
        // holds hundreds: building a set of them for every reading made each cost in proportion to its age).
        const newest = state.latest?.time ?? Number.NEGATIVE_INFINITY;
        const seen = new Set<number>();
        const events: SessionEvent[] = [];
        for (const r of [...command.readings].sort((a, b) => ms(a.timestamp) - ms(b.timestamp))) {
          const time = ms(r.timestamp);
          if (Number.isNaN(time) || seen.has(time) || !Number.isInteger(r.energyWh)) continue;
          if (time <= newest && state.readingTimes.includes(time)) continue;
          seen.add(time);
          events.push({ type: 'MeterReadingRecorded', data: { sessionId, transactionId: command.transactionId, ...r, at: command.at } });
        }
        return events;
      }
      case 'auto-stop': {
        if (state.phase !== 'charging') return [];
        const reason = autoStop(state, state.latest);
        return reason
          ? [{ type: 'SessionStopRequested', data: { sessionId, reason, commandId: command.stopCommandId, at: command.at } }]
          : [];
      }
      case 'request-stop':
        if (state.phase !== 'charging') return [];
        return [
          { type: 'SessionStopRequested', data: { sessionId, reason: command.reason, commandId: command.commandId, at: command.at } },
        ];
      case 'stop': {
        if (state.phase !== 'charging' && state.phase !== 'stopping') return [];
        if (!state.transactionIds.includes(command.transactionId)) return [];
        const energyWh = Math.max(0, command.meterStopWh - state.meterStartWh);
        // A refused start costs its token's owner nothing, whatever the charger delivered.
        const cost = state.request.refusal ? 0 : sessionCost(energyWh, state.request.prices);
        const { transactionId, meterStopWh, stoppedAt, chargerReason, at } = command;
        return [
          {
            type: 'SessionStopped',
            data: {
              sessionId,
              transactionId,
              meterStopWh,
              stoppedAt,
              energyWh,
              cost,
              reason: state.stopReason ?? 'charger',
              chargerReason,
              at,
            },
          },
        ];
      }
      case 'billed': {
        if (state.phase !== 'stopped') return [];
        const { amount, shortfall = 0, walletTransactionId: transactionId, at } = command;
        return [
          {
            type: 'SessionBilled',
            data: { sessionId, customerId: state.request.customerId, amount, ...(shortfall > 0 ? { shortfall } : {}), transactionId, at },
          },
        ];
      }
    }
  },
};
