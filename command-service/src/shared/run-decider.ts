import type { CommandResult } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import type { CommandContext } from './command-context';
import { decideAndAppend, type DecideOptions } from './decide-and-append';
import type { Decider, DomainEventOf } from './decider';

export { SCHEMA_VERSION, envelope, toDomainEvent } from './envelope';

export type RunOptions<S = unknown> = Pick<DecideOptions<S>, 'expectedRevision' | 'clock' | 'states'>;

/**
 * The decision loop with the one retry policy, answering the append's result: on the whole stream, or on the kept
 * states `states` names.
 */
export async function runDecider<C, E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: CommandContext,
  options: RunOptions<S> = {},
): Promise<CommandResult> {
  return (await decideAndAppend(store, streamId, decider, command, context, options)).result;
}
