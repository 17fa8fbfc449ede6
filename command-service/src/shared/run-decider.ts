import { randomUUID } from 'node:crypto';
import type { CommandResult } from '@evc/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent } from '@evc/platform';
import type { Clock } from '@evc/platform';
import type { CommandContext } from './command-context';
import type { Decider, DomainEventOf } from './decider';
import { DomainError } from './domain-error';

export const SCHEMA_VERSION = 1;
const MAX_ATTEMPTS = 5;

export interface RunOptions {
  /** The revision the caller last saw; a mismatch is a 409 at once (the caller must reload), never retried. */
  expectedRevision?: number;
  clock?: Clock;
}

/**
 * Load the stream, fold, decide, append with the loaded revision; on a concurrent write, retry with fresh
 * state up to MAX_ATTEMPTS, then answer concurrency.conflict. A command that causes no events answers the
 * stream's current revision (idempotent no-op).
 */
export async function runDecider<C, E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: CommandContext,
  options: RunOptions = {},
): Promise<CommandResult> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const revision = history.length - 1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new DomainError('concurrency.conflict', `${streamId} changed (revision ${revision}); reload and try again`);
    }
    const state = history.reduce((s, e) => decider.evolve(s, toDomainEvent<E>(e)), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      const last = history.at(-1);
      return { streamId, revision, position: last?.position ?? 0 };
    }
    const expected: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
    try {
      return await store.append(streamId, events.map((e) => envelope(e, context, options.clock)), expected);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (options.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) {
        throw new DomainError('concurrency.conflict', `${streamId} was changed by someone else; reload and try again`);
      }
      // The winning write may not be durable (readable) yet: give it a moment before reloading.
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}

export const toDomainEvent = <E extends DomainEventOf>(e: RecordedEvent): E => ({ type: e.type, data: e.data }) as E;

export function envelope(event: DomainEventOf, context: CommandContext, clock?: Clock): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      correlationId: context.correlationId,
      causationId: context.causationId ?? context.correlationId,
      actor: context.actor,
      occurredAt: (clock?.now() ?? new Date()).toISOString(),
      ...(context.reason ? { reason: context.reason } : {}),
      schemaVersion: SCHEMA_VERSION,
    },
  };
}
