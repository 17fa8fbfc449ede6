import { describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@evc/platform';
import type { Decider } from './decider';
import { runDecider } from './run-decider';

/** A counter: each Increment appends Incremented with the new value, so lost updates are visible. */
type Incremented = { type: 'Incremented'; data: { value: number } };
const counter: Decider<{ by: number }, Incremented, number> = {
  initialState: 0,
  evolve: (_s, e) => e.data.value,
  decide: (c, s) => [{ type: 'Incremented', data: { value: s + c.by } }],
};

/** An in-memory store whose next N appends lose a race: someone else writes first. */
function racingStore(racesToLose: number) {
  const events: RecordedEvent[] = [];
  let races = racesToLose;
  const write = (streamId: string, batch: NewEvent[]): AppendResult => {
    for (const e of batch) {
      events.push({ ...e, streamId, revision: events.length, position: events.length + 1, recordedAt: new Date().toISOString() });
    }
    return { streamId, revision: events.length - 1, position: events.length };
  };
  const store: Pick<EventStore, 'readStream' | 'append'> = {
    async readStream() {
      return [...events];
    },
    async append(streamId: string, batch: NewEvent[], expected: ExpectedRevision) {
      if (races > 0) {
        races--;
        write(streamId, [{ ...batch[0]!, eventId: `other-${races}`, data: { value: events.length + 100 } }]);
      }
      const actual = events.length - 1;
      if (expected !== 'any' && expected !== (actual < 0 ? 'no_stream' : actual)) {
        throw new WrongExpectedRevisionError(streamId, expected, actual < 0 ? 'no_stream' : actual);
      }
      return write(streamId, batch);
    },
  };
  return { store: store as EventStore, events };
}

const context = { actor: { type: 'system' as const, id: 'test' }, correlationId: 'c-1', reason: 'test' };

describe('runDecider', () => {
  it('retries with fresh state after losing a race, so no update is lost', async () => {
    const { store, events } = racingStore(2);
    const result = await runDecider(store, 'counter-1', counter, { by: 1 }, context);
    const last = events.at(-1)!;
    expect(last.data).toEqual({ value: (events.at(-2)!.data as { value: number }).value + 1 });
    expect(result).toEqual({ streamId: 'counter-1', revision: events.length - 1, position: events.length });
  });

  it('gives up with concurrency.conflict when it keeps losing', async () => {
    const { store } = racingStore(50);
    await expect(runDecider(store, 'counter-1', counter, { by: 1 }, context)).rejects.toMatchObject({ code: 'concurrency.conflict' });
  });

  it('answers conflict at once when the caller saw an older revision', async () => {
    const { store } = racingStore(0);
    await runDecider(store, 'counter-1', counter, { by: 1 }, context);
    await expect(runDecider(store, 'counter-1', counter, { by: 1 }, context, { expectedRevision: 5 })).rejects.toMatchObject({
      code: 'concurrency.conflict',
    });
  });

  it('stamps who, when, why and correlation on every event', async () => {
    const { store, events } = racingStore(0);
    await runDecider(store, 'counter-1', counter, { by: 2 }, context);
    expect(events[0]!.metadata).toMatchObject({
      actor: context.actor,
      reason: 'test',
      correlationId: 'c-1',
      causationId: 'c-1',
      schemaVersion: 1,
    });
    expect(Date.parse(events[0]!.metadata.occurredAt)).not.toBeNaN();
  });

  it('takes occurredAt from the clock it is given', async () => {
    const { store, events } = racingStore(1);
    const clock = { now: () => new Date('2030-05-06T07:08:09.000Z') };
    await runDecider(store, 'counter-1', counter, { by: 2 }, context, { clock });
    expect(events.at(-1)!.metadata.occurredAt).toBe('2030-05-06T07:08:09.000Z');
  });
});
