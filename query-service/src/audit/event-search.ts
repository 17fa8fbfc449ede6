import { normalizeDigits, type EventSearchPage, type EventSearchQuery, type EventView } from '@evc/contracts';
import { categoryOf, type EventIndexKey, type EventStore, type RecordedEvent } from '@evc/platform';
import type { ActorNames } from '../identity/index';
import { eventView, namesOf, searchableText } from './event-view';
import { streamSeenBy, type Viewer } from './masking';

/** Events read from an index per batch, and at most per request: a search never reads the whole log at once. */
export const SCAN_BATCH = 500;
export const SCAN_LIMIT = 20_000;

/**
 * The index a search reads: the most selective criterion that has one (a stream, a correlation id, a type, a stream
 * prefix naming a category), else the whole log. Everything else (actor, time, free text, the rest of a prefix) is a
 * filter on what that index yields.
 */
export function indexFor(q: Pick<EventSearchQuery, 'stream' | 'correlationId' | 'type' | 'streamPrefix'>): EventIndexKey {
  if (q.stream) return { kind: 'stream', streamId: q.stream };
  if (q.correlationId) return { kind: 'correlation', correlationId: q.correlationId };
  if (q.type) return { kind: 'type', type: q.type };
  // `wallet-…` names the category `wallet`; a prefix without a dash may be part of a category name: no index then.
  if (q.streamPrefix?.includes('-')) return { kind: 'category', category: categoryOf(q.streamPrefix) };
  return { kind: 'all' };
}

/** The streams of sign-ins: RefreshFamilyStarted at a sign-in, RefreshTokenRotated at each refresh, then a sign-out. */
const SIGN_IN_STREAMS = 'refresh-family-';

/** Sign-ins stay out unless asked for: by `signIns=show`, or by a search naming a stream, prefix, type or correlation. */
export const hidesSignIns = (q: Pick<EventSearchQuery, 'signIns' | 'stream' | 'streamPrefix' | 'type' | 'correlationId'>) =>
  q.signIns !== 'show' && !q.stream && !q.streamPrefix && !q.type && !q.correlationId;

/** The filters a search applies to each event its index yields (including those the index already implies: harmless). */
export function matcher(q: EventSearchQuery): (event: RecordedEvent) => boolean {
  const from = q.from ? Date.parse(q.from) : null;
  const to = q.to ? Date.parse(q.to) : null;
  const hideSignIns = hidesSignIns(q);
  return (e) => {
    const m = e.metadata;
    if (hideSignIns && e.streamId.startsWith(SIGN_IN_STREAMS)) return false;
    if (q.stream && e.streamId !== q.stream) return false;
    if (q.streamPrefix && !e.streamId.startsWith(q.streamPrefix)) return false;
    if (q.type && e.type !== q.type) return false;
    if (q.correlationId && m?.correlationId !== q.correlationId) return false;
    if (q.actorType && m?.actor?.type !== q.actorType) return false;
    if (q.actorId && m?.actor?.id !== q.actorId) return false;
    if (from !== null || to !== null) {
      const at = Date.parse(e.recordedAt);
      if (from !== null && at < from) return false;
      if (to !== null && at > to) return false;
    }
    return true;
  };
}

/**
 * The explorer's search: reads the chosen index newest first within the position range the cursor and the time window
 * give, keeps what matches, and stops at a full page, at the end of the range, or after SCAN_LIMIT events (then
 * `next` says where to go on). Free text is matched against the masked view, so a masked value cannot be found.
 */
export class EventSearch {
  constructor(
    private readonly store: EventStore,
    private readonly names: ActorNames,
  ) {}

  async search(q: EventSearchQuery, viewer: Viewer): Promise<EventSearchPage> {
    const head = await this.store.headPosition();
    const key = indexFor(q);
    const matches = matcher(q);
    // Digits typed on an Arabic keyboard also find the same number written with Western digits.
    const texts = q.q ? [...new Set([q.q.toLowerCase(), normalizeDigits(q.q).toLowerCase()])] : null;
    let upper = Math.min(q.before ?? head + 1, head + 1);
    let lower = q.after ?? 0;
    if (q.to) upper = Math.min(upper, await this.store.positionAt(new Date(Date.parse(q.to) + 1).toISOString()));
    if (q.from) lower = Math.max(lower, (await this.store.positionAt(q.from)) - 1);

    const found: { event: RecordedEvent; view: EventView }[] = [];
    let scanned = 0;
    let cursor = upper;
    let exhausted = false;
    while (found.length < q.pageSize && !exhausted && scanned < SCAN_LIMIT && cursor > lower + 1) {
      const batch = await this.store.readIndexBackward(key, { before: cursor, after: lower, maxCount: SCAN_BATCH });
      if (batch.length < SCAN_BATCH) exhausted = true;
      for (const event of batch) {
        scanned++;
        cursor = event.position;
        if (!matches(event)) continue;
        // A stream filter matches the name the viewer sees: a token's id cannot be probed by its stream, nor by prefix.
        const seen = streamSeenBy(event.streamId, viewer);
        if ((q.stream && seen !== q.stream) || (q.streamPrefix && !seen.startsWith(q.streamPrefix))) continue;
        const view = eventView(event, viewer, new Map());
        if (texts) {
          const searchable = searchableText(view);
          if (!texts.some((t) => searchable.includes(t))) continue;
        }
        found.push({ event, view });
        if (found.length >= q.pageSize) break;
      }
      if (batch.length === 0) exhausted = true;
    }
    const names = await namesOf(
      this.names,
      found.map((f) => f.event),
      viewer,
    );
    const dataList = found.map(({ event }) => eventView(event, viewer, names));
    const reachedLower = exhausted || cursor <= lower + 1;
    const full = found.length >= q.pageSize;
    return {
      dataList,
      // Older pages go on below the last event read (or nothing is left in the range).
      next: reachedLower && !full ? null : cursor,
      scanned,
      head,
      // The tail asked for what is newer than `after`: a full page or a stopped scan may have left newer-than-after matches out.
      gap: q.after !== undefined && !reachedLower,
    };
  }
}
