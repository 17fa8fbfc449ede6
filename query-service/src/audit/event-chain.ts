import { parseCausation, type ChainEvent, type ChainFrame, type ChainView } from '@evc/contracts';
import type { EventStore, FrameLog, RecordedEvent } from '@evc/platform';
import type { ActorNames } from '../identity/index';
import { eventView, namesOf } from './event-view';
import { masked, type Viewer } from './masking';

/** A chain stops growing at this many events (`truncated` then says so). */
export const CHAIN_LIMIT = 5_000;
/** Events of a stream created in the chain that are read to find those naming it as their cause. */
const BORN_STREAM_READ = 500;
/** Status changes of a charger shown beside a session, at most. */
const CONTEXT_LIMIT = 200;
/** Events whose lookups run together. */
const BATCH = 64;

type Link = ChainEvent['link'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Builds the causation and correlation chain of an event from ids in metadata only, so any context's events join
 * without code of theirs (contracts/src/shared/causation.ts says what a causation id may name):
 * 1. events with the same correlation id (the index `correlation`);
 * 2. causation `<category>:<id>`: the stream `<category>-<id>` whole (an item the chain is about: a session, a payment,
 *    a charger command, a booking…);
 * 3. an event that created its stream (revision 0) brings that stream's events that name the stream as their cause
 *    (a charger command's outcomes), among its first 500;
 * 4. causation `<connectionId>/<messageId>`: the charger's OCPP frames (message log; staff with stations.write);
 * 5. a causation that is another correlation id: that correlation's events; a bare id written before causations
 *    named items: the `session-` and `charger-command-` streams of that id;
 * 6. context, not followed further: the live events (connections, boots, status changes) of the chargers of the
 *    chain's sessions while the chain ran.
 */
export class EventChains {
  constructor(
    private readonly store: EventStore,
    private readonly frameLog: FrameLog,
    private readonly names: ActorNames,
  ) {}

  /** The event at a position, or null. */
  async eventAt(position: number): Promise<RecordedEvent | null> {
    const [event] = await this.store.readAll({ after: position - 1, maxCount: 1 });
    return event && event.position === position ? event : null;
  }

  async build(start: RecordedEvent, viewer: Viewer): Promise<ChainView> {
    const walk = new ChainWalk(this.store, start);
    await walk.run();
    await walk.addContext();
    const events = [...walk.events.values()].sort((a, b) => a.event.position - b.event.position);
    const frames = viewer.frames ? await this.frames(walk.frameRefs, viewer) : [];
    const names = await namesOf(
      this.names,
      events.map((e) => e.event),
      viewer,
    );
    const views = new Map(
      events.map(({ event, link }) => [event.eventId, { ...eventView(event, viewer, names), link, causedBy: null as string | null }]),
    );
    linkCauses(
      events.map((e) => e.event),
      views,
      frames,
    );
    const origins = originsOf(events.map((e) => e.event)).map((e) => {
      const v = views.get(e.eventId)!;
      return { correlationId: v.correlationId, eventId: v.eventId, type: v.type, at: v.occurredAt, actor: v.actor, reason: v.reason };
    });
    return {
      start: start.eventId,
      events: [...views.values()],
      frames,
      framesHidden: viewer.frames
        ? [...walk.frameRefs.keys()].filter((ref) => !frames.some((f) => `${f.connectionId}/${f.messageId}` === ref)).length
        : walk.frameRefs.size,
      origins,
      truncated: walk.truncated,
    };
  }

  /** The message log's frames of the referenced messages (the call and its answer), oldest first. */
  private async frames(refs: ReadonlyMap<string, Set<string>>, viewer: Viewer): Promise<ChainFrame[]> {
    if (refs.size === 0) return [];
    const pairs = [...refs.keys()].map((ref) => ref.split('/') as [string, string]);
    const found = await this.frameLog.ofMessages(pairs.map(([connectionId, messageId]) => ({ connectionId, messageId })));
    return found.flatMap((f) => {
      const caused = refs.get(`${f.connectionId}/${f.messageId}`);
      if (!caused) return [];
      return [
        {
          frameId: f.frameId,
          chargerId: f.chargerId,
          connectionId: f.connectionId,
          messageId: f.messageId,
          direction: f.direction,
          kind: f.kind,
          action: f.action,
          at: f.at,
          payload: masked(f.payload, 'ocpp', viewer) ?? null,
          error: f.error,
          caused: [...caused],
        },
      ];
    });
  }
}

/** The walk over the log: what is in the chain, how each event joined, and the frames it names. */
class ChainWalk {
  readonly events = new Map<string, { event: RecordedEvent; link: Link }>();
  /** `<connectionId>/<messageId>` → the events that message caused. */
  readonly frameRefs = new Map<string, Set<string>>();
  truncated = false;
  private readonly queue: RecordedEvent[] = [];
  private readonly correlations = new Set<string>();
  private readonly streams = new Set<string>();
  private readonly born = new Set<string>();

  constructor(
    private readonly store: EventStore,
    start: RecordedEvent,
  ) {
    this.add(start, 'start');
  }

  async run(): Promise<void> {
    while (this.queue.length > 0 && !this.truncated) {
      const batch = this.queue.splice(0, BATCH);
      await Promise.all(batch.map((event) => this.expand(event)));
    }
  }

  /** Rule 6: the live events of the chain's sessions' chargers while the chain ran; not followed further. */
  async addContext(): Promise<void> {
    const all = [...this.events.values()].map((e) => e.event);
    if (all.length === 0) return;
    const chargers = new Set(all.flatMap((e) => (e.type === 'SessionRequested' ? [(e.data as { chargerId: string }).chargerId] : [])));
    const first = Math.min(...all.map((e) => e.position));
    const last = Math.max(...all.map((e) => e.position));
    for (const chargerId of chargers) {
      const live = await this.store.readIndexBackward(
        { kind: 'stream', streamId: `charger-live-${chargerId}` },
        { after: first - 1, before: last + 1, maxCount: CONTEXT_LIMIT },
      );
      for (const event of live) if (!this.events.has(event.eventId)) this.events.set(event.eventId, { event, link: 'context' });
    }
  }

  private add(event: RecordedEvent, link: Link): void {
    if (this.events.has(event.eventId)) return;
    if (this.events.size >= CHAIN_LIMIT) {
      this.truncated = true;
      return;
    }
    this.events.set(event.eventId, { event, link });
    this.queue.push(event);
  }

  private async expand(event: RecordedEvent): Promise<void> {
    const m = event.metadata;
    const work: Promise<void>[] = [];
    if (m?.correlationId) work.push(this.correlation(m.correlationId, 'correlation'));
    const cause = m?.causationId ? parseCausation(m.causationId) : null;
    if (cause?.kind === 'item') work.push(this.stream(cause.streamId));
    else if (cause?.kind === 'frame') {
      const ref = `${cause.connectionId}/${cause.messageId}`;
      const caused = this.frameRefs.get(ref) ?? new Set<string>();
      this.frameRefs.set(ref, caused.add(event.eventId));
    } else if (cause?.kind === 'id' && cause.id !== m?.correlationId) {
      work.push(this.correlation(cause.id, 'cause'));
      if (UUID.test(cause.id)) work.push(this.stream(`session-${cause.id}`), this.stream(`charger-command-${cause.id}`));
    }
    if (event.revision === 0) work.push(this.bornStream(event.streamId));
    await Promise.all(work);
  }

  private async correlation(correlationId: string, link: Link): Promise<void> {
    if (this.correlations.has(correlationId)) return;
    this.correlations.add(correlationId);
    const events = await this.store.readIndexBackward({ kind: 'correlation', correlationId }, { maxCount: CHAIN_LIMIT });
    for (const e of events.reverse()) this.add(e, link);
  }

  private async stream(streamId: string): Promise<void> {
    if (this.streams.has(streamId)) return;
    this.streams.add(streamId);
    const events = await this.store.readIndexBackward({ kind: 'stream', streamId }, { maxCount: CHAIN_LIMIT });
    for (const e of events.reverse()) this.add(e, 'item');
  }

  /** Rule 3: of a stream created in the chain, the events that name it as their cause (`<category>:<id>`). */
  private async bornStream(streamId: string): Promise<void> {
    if (this.born.has(streamId) || this.streams.has(streamId)) return;
    this.born.add(streamId);
    const events = await this.store.readStream(streamId, { maxCount: BORN_STREAM_READ });
    for (const e of events) {
      const cause = e.metadata?.causationId ? parseCausation(e.metadata.causationId) : null;
      if (cause?.kind === 'item' && cause.streamId === streamId) this.add(e, 'item');
    }
  }
}

/** The first event of each correlation in the chain: the command or message that started that part. */
function originsOf(events: readonly RecordedEvent[]): RecordedEvent[] {
  const first = new Map<string, RecordedEvent>();
  for (const e of events) {
    const c = e.metadata?.correlationId;
    if (c && !first.has(c)) first.set(c, e);
  }
  return [...first.values()];
}

/**
 * What caused each event, when it is in the chain: the frame of its OCPP message; the latest earlier event of the item
 * it names; the event or correlation its id names; else the first event of its own correlation.
 */
function linkCauses(events: readonly RecordedEvent[], views: Map<string, ChainEvent>, frames: readonly ChainFrame[]): void {
  const byStream = new Map<string, RecordedEvent[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  const origins = new Map(originsOf(events).map((e) => [e.metadata.correlationId, e]));
  const ids = new Map(events.map((e) => [e.eventId, e]));
  const callFrame = new Map(
    frames.filter((f) => f.direction === 'in' && f.kind === 'call').map((f) => [`${f.connectionId}/${f.messageId}`, f.frameId]),
  );
  for (const e of events) {
    const view = views.get(e.eventId)!;
    if (view.link === 'context') continue;
    const cause = e.metadata?.causationId ? parseCausation(e.metadata.causationId) : null;
    let by: string | null = null;
    if (cause?.kind === 'frame') by = callFrame.get(`${cause.connectionId}/${cause.messageId}`) ?? null;
    else if (cause?.kind === 'item')
      by = (byStream.get(cause.streamId) ?? []).filter((c) => c.position < e.position).at(-1)?.eventId ?? null;
    else if (cause?.kind === 'id') by = ids.get(cause.id)?.eventId ?? origins.get(cause.id)?.eventId ?? null;
    by ??= origins.get(e.metadata?.correlationId)?.eventId ?? null;
    view.causedBy = by === e.eventId ? null : by;
  }
}
