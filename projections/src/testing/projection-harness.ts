import { randomUUID } from 'node:crypto';
import type { Actor } from '@evc/contracts';
import type { RecordedEvent } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { allProjections } from '../all-projections';
import { dispatchTable, type Projection, type ProjectionContext } from '../runner/projection';

/** Test support: an event to record on a stream, with its author. */
export interface Given {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  actor?: Actor;
  reason?: string;
}

/** Applies events through every projection that handles them, as the runner does; records the change notices. */
export function harness() {
  const documents = createMemoryDocumentStore();
  const projections: Projection[] = allProjections();
  const changes: { collection: string; id?: string; customerIds?: readonly string[] }[] = [];
  const revisions = new Map<string, number>();
  const log: RecordedEvent[] = [];
  let position = 0;
  const ready = Promise.all(projections.map((p) => p.setup(documents)));
  const record = (g: Given): RecordedEvent => {
    const revision = (revisions.get(g.stream) ?? -1) + 1;
    revisions.set(g.stream, revision);
    const at = String(g.data.at ?? new Date().toISOString());
    return {
      eventId: randomUUID(),
      streamId: g.stream,
      revision,
      position: ++position,
      recordedAt: at,
      type: g.type,
      data: g.data,
      metadata: {
        correlationId: 'c',
        causationId: 'c',
        actor: g.actor ?? { type: 'system', id: 'system' },
        occurredAt: at,
        schemaVersion: 1,
        ...(g.reason ? { reason: g.reason } : {}),
      },
    };
  };
  const table = dispatchTable(projections);
  const context: ProjectionContext = { documents, changed: (collection, id, customerIds) => changes.push({ collection, id, customerIds }) };
  const run = async (events: RecordedEvent[]) => {
    await ready;
    for (const event of events) {
      for (const handler of table.get(event.type) ?? []) await handler.handle(event, context);
    }
  };
  return {
    documents,
    changes,
    log,
    async given(...events: Given[]) {
      const recorded = events.map(record);
      log.push(...recorded);
      await run(recorded);
      return recorded;
    },
    /** Hands already applied events to the projections again (a restart from an older checkpoint). */
    replay: (events: RecordedEvent[]) => run(events),
    find: (collection: string, filter = {}) =>
      documents
        .collection(collection)
        .find(filter, { sort: { _id: 1 } })
        .toArray(),
    get: (collection: string, id: string) => documents.collection(collection).findOne({ _id: id }),
  };
}
