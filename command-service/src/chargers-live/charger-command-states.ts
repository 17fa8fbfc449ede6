import type { EventStore } from '@evc/platform';
import { sharedStreamStates } from '../shared/stream-state-cache';
import { chargerCommandDecider } from './charger-command.decider';

/** Commands kept folded: those in flight, with room (oldest used dropped first). */
export const COMMANDS_KEPT = 20_000;

/**
 * This process's folded charger commands. A command's stream is written within seconds by three handlers (requested
 * by the sender, sent and answered by the results consumer) and read by the charging context for a session's start:
 * folded once here and caught up with what follows, not read and folded whole by each (issue 18).
 */
export const chargerCommandStates = (store: EventStore) => sharedStreamStates(store, chargerCommandDecider, COMMANDS_KEPT);
