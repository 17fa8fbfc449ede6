import { BUS_TOPICS, type PageView } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
import { cairoDateKey } from '../shared/cairo-date';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** Views of one path on one Cairo calendar day (`_id` = `<day>|<path>`). */
export type PageViewDoc = { _id: string; day: string; path: string; count: number };
export const PAGE_VIEWS = readModel<PageViewDoc>(READ_MODELS.pageViews);

const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{3,})$/i;

/**
 * The page a path names: the frontend sends its route ("/my-sessions/$sessionId"); a segment that is an id (a UUID,
 * a number) from an older page or another client counts as `$id`, so the counts stay one line per page, not per item.
 * Routes match in any case, so the rest is counted in lower case.
 */
export const pagePathOf = (path: string): string =>
  path
    .split('/')
    .map((segment) => (segment.startsWith('$') ? segment : ID_SEGMENT.test(segment) ? '$id' : segment.toLowerCase()))
    .join('/');

/**
 * Counts page views per path and Cairo day (the dashboard's "today") from the bus (not domain events: analytics, not facts about the network).
 * At-least-once delivery can count a view twice after a crash; that error is accepted for traffic figures.
 */
export function startPageViewCounter(bus: Bus, documents: DocumentStore): Consumer {
  const views = PAGE_VIEWS.in(documents);
  void views.createIndex({ day: 1 });
  return bus.subscribe<PageView & { at: string }>(
    { groupId: 'page-view-counter', topics: [BUS_TOPICS.pageViews], fromBeginning: true },
    async (message) => {
      const day = cairoDateKey(message.value.at);
      const path = pagePathOf(message.value.path);
      await views.updateOne({ _id: `${day}|${path}` }, { $inc: { count: 1 }, $set: { day, path } }, { upsert: true });
    },
  );
}
