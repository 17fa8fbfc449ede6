import type { DocumentStore } from '@evc/platform';
import type { PositionTracker } from './position-tracker';
import { CHECKPOINT_DOCS, RUNNER_CHECKPOINT_ID } from './projection-runner';

/**
 * For a query service in another process (cluster profile): reads the projections' checkpoint from the read-model
 * store, polling briefly while someone waits.
 */
export class CheckpointPositionTracker implements PositionTracker {
  private last = 0;
  constructor(
    private readonly documents: DocumentStore,
    private readonly pollMs = 20,
  ) {}

  current(): number {
    return this.last;
  }

  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const doc = await CHECKPOINT_DOCS.in(this.documents).findOne({ _id: RUNNER_CHECKPOINT_ID });
      this.last = Math.max(this.last, doc?.position ?? 0);
      if (this.last >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }
}
