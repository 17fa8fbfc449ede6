import type { EventIndexKey, EventStore, RecordedEvent } from '@evc/platform';
import { breather } from '@evc/platform/runtime/time-slice';

/**
 * Every event of one of the event store's indexes (a type, a category…) above `after` and below `before` (if given),
 * newest first, read a page at a time; between pages the event loop gets its turn once the time slice is used up. What
 * a pass over one kind of event reads instead of the whole log.
 */
export async function eachInIndex(
  store: EventStore,
  key: EventIndexKey,
  options: { after?: number; before?: number; pageSize: number },
  each: (event: RecordedEvent) => void,
): Promise<void> {
  for (let before: number | undefined = options.before; ; ) {
    const page = await store.readIndexBackward(key, {
      maxCount: options.pageSize,
      ...(options.after === undefined ? {} : { after: options.after }),
      ...(before === undefined ? {} : { before }),
    });
    for (const event of page) each(event);
    if (page.length < options.pageSize) return;
    before = page.at(-1)!.position;
    const wait = breather();
    if (wait) await wait;
  }
}
