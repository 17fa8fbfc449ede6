import {
  addDays,
  cairoDayStart,
  TIMELINE_HIDDEN,
  timelineCategoryOf,
  type ChargerTimelineQuery,
  type ChargerTimelineView,
  type TimelineEntry,
} from '@evc/contracts';
import type { DocumentStore, EventStore, RecordedEvent } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { CHARGERS, SESSIONS } from '@evc/projections';

/** Events of the log read per page at most: a page of a busy day is a slice of it, the rest follows with `next`. */
const SCAN = 5_000;
/** Sessions that may have events on the day: requested up to this long before it. */
const SESSION_REACH_MS = 2 * 86_400_000;

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ') || null;

/** A short, language-neutral summary of an event; unknown types say their status or outcome when they have one. */
export function detailOf(type: string, data: Data): string | null {
  switch (type) {
    case 'ChargerConnected':
      return str(data.protocol);
    case 'ChargerDisconnected':
      return str(data.reason);
    case 'ChargerBooted':
      return joined(data.vendor, data.model, data.firmwareVersion, data.reason);
    case 'ConnectorStatusChanged': {
      const error = (data.error ?? null) as Data | null;
      return joined(`#${str(data.connectorId)}`, data.ocppStatus, error?.code, error?.vendorErrorCode, error?.info);
    }
    case 'ChargerCommandRequested':
      return str((data.request as Data | undefined)?.action);
    case 'ChargerCommandSent':
      return str(data.ocppAction);
    case 'ChargerCommandAnswered':
      return joined(data.status, data.error);
    default:
      return joined(data.connectorId !== undefined ? `#${str(data.connectorId)}` : null, data.status ?? data.outcome, data.reason);
  }
}

/** Whether an event is about the charger: one of its streams or its sessions', or a payload naming it. */
function mentions(e: RecordedEvent, chargerId: string, streams: ReadonlySet<string>): boolean {
  if (streams.has(e.streamId)) return true;
  const data = (e.data ?? {}) as Data;
  return data.chargerId === chargerId || (Array.isArray(data.chargerIds) && data.chargerIds.includes(chargerId));
}

/**
 * A charger's Cairo day, read from the log itself, oldest first: every event of its own streams and its sessions', and
 * any other event whose payload names it (`chargerId`, or `chargerIds` for an event about several), so events of
 * contexts added later appear without a change here. Paged by position within the day.
 */
export class ChargerTimeline {
  constructor(
    private readonly store: EventStore,
    private readonly documents: DocumentStore,
  ) {}

  async day(chargerId: string, q: ChargerTimelineQuery): Promise<ChargerTimelineView> {
    const from = cairoDayStart(q.date);
    const to = cairoDayStart(addDays(q.date, 1));
    if (!from || !to) throw new ApiException('request.invalid', 'No such day', [{ path: 'date', code: 'invalid_date' }]);
    const charger = await CHARGERS.in(this.documents).findOne({ _id: chargerId }, { projection: { stationId: 1 } });
    const [first, end] = await Promise.all([this.store.positionAt(from), this.store.positionAt(to)]);
    if (!charger && first === end) throw new ApiException('network.charger_not_found', 'No such charger');
    const sessions = await SESSIONS.in(this.documents)
      .find(
        { chargerId, requestedAt: { $gte: new Date(Date.parse(from) - SESSION_REACH_MS).toISOString(), $lt: to } },
        { projection: { _id: 1 }, limit: 1000 },
      )
      .toArray();
    const streams = new Set([`charger-${chargerId}`, `charger-live-${chargerId}`, ...sessions.map((s) => `session-${s._id}`)]);
    const after = Math.max(q.after ?? 0, first - 1);
    const read = after + 1 >= end ? [] : await this.store.readAll({ after, maxCount: Math.min(SCAN, end - 1 - after) });
    const scanned = read.filter((e) => e.position < end);
    const entries: TimelineEntry[] = [];
    let next: number | null = null;
    for (const e of scanned) {
      if (TIMELINE_HIDDEN.has(e.type) || !mentions(e, chargerId, streams)) continue;
      if (entries.length === q.pageSize) {
        next = entries.at(-1)!.position;
        break;
      }
      const data = (e.data ?? {}) as Data;
      entries.push({
        position: e.position,
        at: e.metadata.occurredAt || e.recordedAt,
        type: e.type,
        category: timelineCategoryOf(e.type, data),
        streamId: e.streamId,
        detail: detailOf(e.type, data),
        actorType: e.metadata.actor.type,
        correlationId: e.metadata.correlationId,
      });
    }
    const last = scanned.at(-1)?.position ?? after;
    if (next === null && read.length === SCAN && last < end - 1) next = last;
    return { chargerId, stationId: charger?.stationId ?? null, date: q.date, from, to, entries, next, scanned: scanned.length };
  }
}
