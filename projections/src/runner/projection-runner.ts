import { BUS_TOPICS, type LiveChange } from '@evc/contracts';
import type { Bus, DocumentStore, EventStore, RecordedEvent, Subscription } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { dispatchTable, type Dispatch, type Projection, type ProjectionContext } from './projection';
import { LocalPositionTracker, type PositionTracker } from './position-tracker';
import { readModel } from '../shared/read-model';

export const CHECKPOINTS = '_checkpoints';
export const RUNNER_CHECKPOINT_ID = 'projections';
/** Where the runner keeps its position (one document, `RUNNER_CHECKPOINT_ID`). */
export type CheckpointDoc = { _id: string; position: number; savedAt: string };
export const CHECKPOINT_DOCS = readModel<CheckpointDoc>(CHECKPOINTS);
const CHECKPOINT_EVERY_MS = 200;
const NOTIFY_EVERY_MS = 15;
const MAX_IDS_PER_CHANGE = 100;

export interface RunnerOptions {
  eventStore: EventStore;
  documents: DocumentStore;
  /** Where read-model change notices go (SSE fan-out); optional for rebuild tools. */
  bus?: Bus;
  projections: Projection[];
}

/**
 * Runs every projection from one checkpointed catch-up subscription to $all, in global order.
 * Checkpoints are saved at most every 200 ms and at stop; after a crash, events since the last checkpoint are
 * applied again, which projections tolerate (they are idempotent).
 */
export class ProjectionRunner implements PositionTracker {
  private readonly log = createLogger('projections');
  private readonly tracker = new LocalPositionTracker();
  private readonly handlers: Map<string, Dispatch[]>;
  private readonly context: ProjectionContext;
  private subscription: Subscription | null = null;
  /** Public changes by collection; private ones by collection and customer set (never merged with other customers'). */
  private pendingChanges = new Map<string, Set<string> | null>();
  private pendingPrivate = new Map<string, { collection: string; customerIds: string[]; ids: Set<string> | null }>();
  private notifyTimer: NodeJS.Timeout | null = null;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private savedPosition = 0;
  private applied = 0;

  constructor(private readonly options: RunnerOptions) {
    this.handlers = dispatchTable(options.projections);
    this.context = { documents: options.documents, changed: (c, id, customerIds) => this.noteChange(c, id, customerIds) };
  }

  current(): number {
    return this.tracker.current();
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.tracker.waitFor(position, timeoutMs);
  }

  /** Events applied since start (for figures). */
  get appliedCount(): number {
    return this.applied;
  }

  /** Starts from the saved checkpoint; resolves when the read models have caught up with the log. */
  async start(): Promise<void> {
    const { documents, eventStore } = this.options;
    for (const projection of this.options.projections) await projection.setup(documents);
    const checkpoint = await CHECKPOINT_DOCS.in(documents).findOne({ _id: RUNNER_CHECKPOINT_ID });
    const after = checkpoint?.position ?? 0;
    this.savedPosition = after;
    this.tracker.advance(after);
    this.subscription = eventStore.subscribeToAll((event) => this.handle(event), { after, name: 'projections' });
    this.checkpointTimer = setInterval(() => void this.saveCheckpoint(), CHECKPOINT_EVERY_MS);
    this.checkpointTimer.unref();
    await this.subscription.caughtUp;
    await this.saveCheckpoint();
    this.log.info('read models caught up', { position: this.current(), applied: this.applied });
  }

  /** Drops every read model and the checkpoint, then replays the whole log. */
  async rebuild(): Promise<void> {
    await this.stop();
    const { documents } = this.options;
    for (const projection of this.options.projections) {
      for (const name of projection.collections) await documents.dropCollection(name);
    }
    await CHECKPOINT_DOCS.in(documents).deleteOne({ _id: RUNNER_CHECKPOINT_ID });
    await this.start();
  }

  async stop(): Promise<void> {
    if (this.checkpointTimer) clearInterval(this.checkpointTimer);
    this.checkpointTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.flushChanges();
    await this.saveCheckpoint();
  }

  private async handle(event: RecordedEvent): Promise<void> {
    const handlers = this.handlers.get(event.type);
    if (handlers) {
      for (const handler of handlers) {
        try {
          await handler.handle(event, this.context);
        } catch (error) {
          // A projection bug must not silently skip an event: stop here; a restart resumes from the checkpoint.
          this.log.error('projection failed', {
            projection: handler.projection,
            type: event.type,
            position: event.position,
            error: String(error),
          });
          throw error;
        }
      }
      this.applied++;
    }
    this.tracker.advance(event.position);
  }

  private noteChange(collection: string, id?: string, customerIds?: readonly string[]): void {
    if (!this.options.bus) return;
    if (customerIds) return this.notePrivateChange(collection, id, customerIds);
    const ids = this.pendingChanges.get(collection);
    if (ids === null) {
      // already "many"
    } else if (id === undefined || (ids && ids.size >= MAX_IDS_PER_CHANGE)) {
      this.pendingChanges.set(collection, null);
    } else {
      this.pendingChanges.set(collection, (ids ?? new Set()).add(id));
    }
    this.notifyTimer ??= setTimeout(() => void this.flushChanges(), NOTIFY_EVERY_MS);
  }

  private notePrivateChange(collection: string, id: string | undefined, customerIds: readonly string[]): void {
    const sorted = [...new Set(customerIds)].sort();
    const key = `${collection}\u0000${sorted.join(',')}`;
    const pending = this.pendingPrivate.get(key) ?? { collection, customerIds: sorted, ids: new Set<string>() };
    if (pending.ids && (id === undefined || pending.ids.size >= MAX_IDS_PER_CHANGE)) pending.ids = null;
    else if (pending.ids && id !== undefined) pending.ids.add(id);
    this.pendingPrivate.set(key, pending);
    this.notifyTimer ??= setTimeout(() => void this.flushChanges(), NOTIFY_EVERY_MS);
  }

  private async flushChanges(): Promise<void> {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    if (!this.options.bus || (this.pendingChanges.size === 0 && this.pendingPrivate.size === 0)) return;
    const position = this.current();
    const messages = [
      ...[...this.pendingChanges].map(([collection, ids]) => ({
        key: collection,
        value: { collection, position, ...(ids ? { ids: [...ids] } : {}) } satisfies LiveChange,
      })),
      ...[...this.pendingPrivate.values()].map(({ collection, customerIds, ids }) => ({
        key: collection,
        value: { collection, position, customerIds, ...(ids ? { ids: [...ids] } : {}) } satisfies LiveChange,
      })),
    ];
    this.pendingChanges = new Map();
    this.pendingPrivate = new Map();
    try {
      await this.options.bus.publish(BUS_TOPICS.readModelChanged, messages);
    } catch (error) {
      this.log.warn('could not publish read-model changes', { error: String(error) });
    }
  }

  private async saveCheckpoint(): Promise<void> {
    const position = this.current();
    if (position === this.savedPosition) return;
    await CHECKPOINT_DOCS.in(this.options.documents).updateOne(
      { _id: RUNNER_CHECKPOINT_ID },
      { $set: { position, savedAt: new Date().toISOString() } },
      { upsert: true },
    );
    this.savedPosition = position;
  }
}
