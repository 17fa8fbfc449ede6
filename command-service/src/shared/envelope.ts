import { randomUUID } from 'node:crypto';
import { schemaVersionOf } from '@evc/contracts';
import { systemClock, type Clock, type NewEvent, type RecordedEvent } from '@evc/platform';
import type { CommandContext } from './command-context';
import type { DomainEventOf } from './decider';

/** The version most event types are written at; a type whose shape changed says its own (contracts/src/upcasting.ts). */
export const SCHEMA_VERSION = 1;

export const toDomainEvent = <E extends DomainEventOf>(e: RecordedEvent): E => ({ type: e.type, data: e.data }) as E;

/** A decided event as the store takes it: who, when (from `clock`), why and the correlation in its metadata. */
export function envelope(event: DomainEventOf, context: CommandContext, clock: Clock = systemClock): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      correlationId: context.correlationId,
      causationId: context.causationId ?? context.correlationId,
      actor: context.actor,
      occurredAt: clock.now().toISOString(),
      ...(context.reason ? { reason: context.reason } : {}),
      schemaVersion: schemaVersionOf(event.type),
    },
  };
}
