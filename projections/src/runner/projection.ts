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

/**
 * One read model (or a few closely related ones). `apply` must be idempotent: after a crash the runner may hand
 * it events again from the last checkpoint. Prefer set-style updates over counters for that reason.
 */
export interface Projection {
  name: string;
  collections: string[];
  /** Event types it handles; others never reach it. */
  handles: readonly string[];
  setup(documents: DocumentStore): Promise<void>;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}
