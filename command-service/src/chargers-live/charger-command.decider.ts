import type { ChargerCommandEvent, ChargerCommandOutcome, ChargerCommandRequest } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** What `charger-command-<commandId>` is asked: by staff (request), and by the results consumer (sent, answer). */
export type ChargerCommandCommand =
  | { kind: 'request'; commandId: string; chargerId: string; request: ChargerCommandRequest; at: string }
  | { kind: 'sent'; commandId: string; chargerId: string; ocppAction: string | null; protocol: string | null; at: string }
  | {
      kind: 'answer';
      commandId: string;
      chargerId: string;
      status: ChargerCommandOutcome;
      response: unknown;
      error: string | null;
      at: string;
      /** The gateway sent the call then and had not reported it: the answer stands for `sent` too. */
      sent?: { ocppAction: string | null; protocol: string | null; at: string };
    };

export interface ChargerCommandState {
  chargerId: string | null;
  request: ChargerCommandRequest | null;
  sent: boolean;
  outcome: ChargerCommandOutcome | null;
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/**
 * One staff command to a charger: requested once (the same command id again with the same request is a no-op, with a
 * different one a conflict), sent at most once, answered once. Later answers are ignored (first outcome wins), and
 * so is `offline` once a gateway node reported the command sent (the sweep's view lagged behind). An answer that also
 * says when the call was sent (the gateway reports `sent` only when the charger is slow) records both, in one append.
 */
export const chargerCommandDecider: Decider<ChargerCommandCommand, ChargerCommandEvent, ChargerCommandState> = {
  initialState: { chargerId: null, request: null, sent: false, outcome: null },
  evolve(state, event) {
    switch (event.type) {
      case 'ChargerCommandRequested':
        return { ...state, chargerId: event.data.chargerId, request: event.data.request };
      case 'ChargerCommandSent':
        return { ...state, sent: true };
      case 'ChargerCommandAnswered':
        return { ...state, outcome: event.data.status };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'request': {
        const { commandId, chargerId, request, at } = command;
        if (state.request === null) return [{ type: 'ChargerCommandRequested', data: { commandId, chargerId, request, at } }];
        if (state.chargerId === chargerId && canonical(state.request) === canonical(request)) return [];
        throw new DomainError('request.duplicate_id', 'This command id was already used for another command', [
          { path: 'commandId', code: 'exists' },
        ]);
      }
      case 'sent': {
        if (state.request === null || state.sent || state.outcome !== null) return [];
        const { commandId, chargerId, ocppAction, protocol, at } = command;
        return [{ type: 'ChargerCommandSent', data: { commandId, chargerId, ocppAction, protocol, at } }];
      }
      case 'answer': {
        if (state.request === null || state.outcome !== null) return [];
        if (command.status === 'offline' && state.sent) return [];
        const { commandId, chargerId, status, response, error, at, sent } = command;
        const answered: ChargerCommandEvent = {
          type: 'ChargerCommandAnswered',
          data: { commandId, chargerId, status, response: response ?? null, error, at },
        };
        if (!sent || state.sent || status === 'offline') return [answered];
        return [
          { type: 'ChargerCommandSent', data: { commandId, chargerId, ocppAction: sent.ocppAction, protocol: sent.protocol, at: sent.at } },
          answered,
        ];
      }
    }
  },
};
