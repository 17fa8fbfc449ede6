/**
 * Child process of event-store-crash.test.ts: opens the store in argv[2] and appends as fast as it can
 * with WRITERS concurrent writers (one stream each, exact expected revisions), printing one line per
 * acknowledged append: `ack <eventId> <position> <streamId> <revision>`. It runs until SIGKILLed.
 * stdout is a pipe, and pipe writes are synchronous on Linux: a printed ack survives the kill.
 */
import { randomUUID } from 'node:crypto';
import { openFileEventStore } from '@evc/platform/eventstore/index';

const WRITERS = 8;
const dir = process.argv[2];
if (!dir) throw new Error('usage: append-child.ts <dir>');

/** Deterministic content, so the parent can check every acknowledged event is intact. */
function childData(writer: number, i: number): { writer: number; i: number; text: string } {
  return { writer, i, text: `writer ${writer} event ${i} `.repeat(4) };
}

const store = await openFileEventStore({ dir });
process.stdout.write('ready\n');
await Promise.all(
  Array.from({ length: WRITERS }, async (_, w) => {
    for (let i = 0; ; i++) {
      const eventId = randomUUID();
      const streamId = `crash-${w}`;
      const result = await store.append(
        streamId,
        [
          {
            eventId,
            type: 'CrashTestEvent',
            data: childData(w, i),
            metadata: {
              correlationId: eventId,
              causationId: eventId,
              actor: { type: 'system', id: 'crash-test' },
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        i === 0 ? 'no_stream' : i - 1,
      );
      process.stdout.write(`ack ${eventId} ${result.position} ${streamId} ${result.revision}\n`);
    }
  }),
);
