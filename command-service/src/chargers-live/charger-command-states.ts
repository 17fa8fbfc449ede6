import type { EventStore } from '@evc/platform';
import { sharedStreamStates } from '../shared/stream-state-cache';
import { chargerCommandDecider } from './charger-command.decider';

/** Commands in flight kept folded at most (oldest used dropped first). */
export const COMMANDS_KEPT = 20_000;

/**
 * This process's folded charger commands. A command's stream is written within seconds by the sender (requested) and
 * the results consumer (sent, answered): folded once here and caught up with what follows, not read and folded whole
 * for each. Only commands still waiting for their outcome are kept: a finished one is not written again,
 * and its request can be large (a SendLocalList's full list of cards).
 */
export const chargerCommandStates = (store: EventStore) =>
  sharedStreamStates(store, chargerCommandDecider, COMMANDS_KEPT, (command) => command.outcome === null);
