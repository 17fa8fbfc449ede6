import type { EventType, EventTypeMap } from '@evc/contracts';
import type { DocumentStore, RecordedEvent } from '@evc/platform';

/** What a projection may do while applying an event: write read models, and say what it changed. */
export interface ProjectionContext {
  documents: DocumentStore;
  /**
   * Notes a change for the live streams. `customerIds` marks it private (sessions, wallet, payments,
   * notifications): it then goes out only to those customers' /api/live/me, never on the public /api/live.
   */
  changed(collection: string, id?: string, customerIds?: readonly string[]): void;
}

/** A stored event whose payload is typed by its name; a union of names gives a union that narrows on `type`. */
export type RecordedEventOf<K extends EventType = EventType> = K extends EventType ? RecordedEvent<EventTypeMap[K]> & { type: K } : never;

export type EventHandler<K extends EventType> = (event: RecordedEventOf<K>, context: ProjectionContext) => Promise<void>;

/** Handlers by event name, checked against `EventTypeMap`: a misspelt name or a field the payload lacks fails tsc. */
export type EventHandlers = { [K in EventType]?: EventHandler<K> };

/**
 * One read model (or a few closely related ones). Handlers must be idempotent: after a crash the runner may hand
 * them events again from the last checkpoint. Prefer set-style updates over counters for that reason.
 */
export interface Projection {
  name: string;
  collections: string[];
  setup(documents: DocumentStore): Promise<void>;
  /** The events it handles; others never reach it. */
  on: EventHandlers;
}

export interface Dispatch {
  projection: string;
  handle(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}

/** Event type → the handlers of every projection that has one, in the projections' order. Built once, at start. */
export function dispatchTable(projections: readonly Projection[]): Map<string, Dispatch[]> {
  const table = new Map<string, Dispatch[]>();
  for (const projection of projections) {
    for (const [type, handler] of Object.entries(projection.on)) {
      // Sound because the table is keyed by type: a handler only ever receives events of the name it is filed under.
      const handle = handler as Dispatch['handle'];
      table.set(type, [...(table.get(type) ?? []), { projection: projection.name, handle }]);
    }
  }
  return table;
}
