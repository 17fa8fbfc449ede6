import { BUS_TOPICS, type PageView } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
import { cairoDateKey } from '../read-models/cairo-date';
import { RM } from '../read-models/collections';
import { readModel } from '../read-models/read-model';

/** Views of one path on one Cairo calendar day (`_id` = `<day>|<path>`). */
export type PageViewDoc = { _id: string; day: string; path: string; count: number };
export const PAGE_VIEWS = readModel<PageViewDoc>(RM.pageViews);

/**
 * Counts page views per path and Cairo day (the dashboard's "today") from the bus (not domain events: analytics, not facts about the network).
 * At-least-once delivery can count a view twice after a crash; that error is accepted for traffic figures.
 */
export function startPageViewCounter(bus: Bus, documents: DocumentStore): Consumer {
  const views = PAGE_VIEWS.in(documents);
  void views.createIndex({ day: 1 });
  return bus.subscribe<PageView & { at: string }>({ groupId: 'page-view-counter', topics: [BUS_TOPICS.pageViews], fromBeginning: true }, async (message) => {
    const day = cairoDateKey(message.value.at);
    const path = message.value.path.toLowerCase();
    await views.updateOne({ _id: `${day}|${path}` }, { $inc: { count: 1 }, $set: { day, path } }, { upsert: true });
  });
}
