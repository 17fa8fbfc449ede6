import type { AuditEntry, Paged, Privilege } from '@evc/contracts';
import type { EventStore, RecordedEvent } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { maskOf, masked, streamSeenBy, viewerFor, type Viewer } from './masking';
import type { ActorNames } from '../identity/index';

/**
 * Streams whose history staff may read: the network, catalog and customer contexts, card requests, cards, contact
 * requests, bookings, charging sessions. Every staff screen with a history panel reads one of these (a test holds the screens
 * to this list: a session's panel once answered "no access" because sessions were missing here).
 */
export const READABLE = [
  /^country-/,
  /^governorate-/,
  /^masterdata-/,
  /^station-/,
  /^charger-/,
  /^pricing-network$/,
  /^account-/,
  /^card-request-/,
  /^card-/,
  /^contact-request-/,
  /^booking-/,
  /^session-/,
  /^alerts-/,
];
/** Streams holding what only some staff may see (a contact request's internal comments: managers; a session: those who see sessions). */
const GUARDED: [RegExp, Privilege][] = [
  [/^contact-request-/, 'contact.manage'],
  [/^session-/, 'sessions.read'],
  [/^alerts-/, 'alerts.read'],
];
type State = Record<string, unknown>;

/** The item's fields after one event: data merged in, plus what deletes, bans and links mean for the item. */
export function evolveAudit(state: State, event: Pick<RecordedEvent, 'type' | 'data'>): State {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const next: State = { ...state };
  if (/Usage(Linked)$/.test(event.type)) {
    const usedBy = data.usedBy as { id: string; kind: string; name: string };
    next[`usedBy.${usedBy.id}`] = `${usedBy.kind}: ${usedBy.name}`;
  } else if (/UsageUnlinked$/.test(event.type)) {
    delete next[`usedBy.${String(data.usedById)}`];
  } else if (event.type === 'ChargerAttached' || event.type === 'ChargerDetached') {
    const chargers = new Set((state.chargers as string[] | undefined) ?? []);
    if (event.type === 'ChargerAttached') chargers.add(String(data.chargerId));
    else chargers.delete(String(data.chargerId));
    next.chargers = [...chargers].sort();
  } else if (event.type === 'ChargerMarkedDeleted') {
    next.modelState = 3;
  } else if (event.type.endsWith('Deleted')) {
    next.deleted = true;
  } else if (event.type === 'CustomerBanned' || event.type === 'CustomerUnbanned') {
    next.banned = event.type === 'CustomerBanned';
    next.banReason = event.type === 'CustomerBanned' ? data.reason : null;
  } else if (event.type === 'AdminDeactivated' || event.type === 'AdminActivated') {
    next.isActive = event.type === 'AdminActivated';
  } else if (event.type === 'EmailVerified') {
    next.emailVerified = true;
  } else {
    for (const [key, value] of Object.entries(data)) if (value !== undefined) next[key] = value;
  }
  return next;
}

/**
 * Field-level before/after, masked for the viewer by the event explorer's rule (`maskOf`): a masked field shows only
 * that it changed, and a masked key nested in a shown value is null. `comparable` says whether a field's earlier
 * value means the same thing as its new one: a session's meter reading and its delivered energy share the name
 * `energyWh`, so an event is compared only with what its own kind or the item's creation wrote; any other earlier
 * value counts as none.
 */
export function changesOf(
  before: State,
  after: State,
  streamId: string,
  viewer: Viewer,
  comparable: (field: string) => boolean = () => true,
): AuditEntry['changes'] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field): AuditEntry['changes'] => {
    const was = comparable(field) ? before[field] : undefined;
    if (JSON.stringify(was) === JSON.stringify(after[field])) return [];
    if (after[field] === undefined && !comparable(field)) return [];
    const mask = maskOf(field, streamId, viewer);
    if (mask) return [{ field, before: null, after: null, masked: mask }];
    return [{ field, before: masked(was ?? null, streamId, viewer), after: masked(after[field] ?? null, streamId, viewer), masked: null }];
  });
}

/** The fields evolveAudit derives itself (lists, flags): they mean the same whichever event wrote them. */
const DERIVED = /^(chargers|usedBy\..+|modelState|deleted|banned|banReason|isActive|emailVerified)$/;

/** Which event type last wrote each field, so that changesOf compares an event with its own kind (or the creation). */
function writers(setBy: Record<string, string>, before: State, after: State, type: string): Record<string, string> {
  const next = { ...setBy };
  for (const field of Object.keys(after)) if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) next[field] = type;
  return next;
}

export class AuditQueries {
  constructor(
    private readonly events: EventStore,
    private readonly names: ActorNames,
  ) {}

  /** The stream's events newest first, each with its author, time, reason and field changes. */
  async history(
    q: { streamId: string; page: number; pageSize: number },
    privileges: readonly Privilege[] = [],
  ): Promise<Paged<AuditEntry>> {
    if (!READABLE.some((r) => r.test(q.streamId))) throw new ApiException('auth.forbidden', 'This history is not readable here');
    if (GUARDED.some(([stream, needs]) => stream.test(q.streamId) && !privileges.includes(needs)))
      throw new ApiException('auth.forbidden', 'This history is not readable here');
    // A stream named after a card is read by the name the viewer sees (as the explorer's stream filter): not by its id.
    const viewer = viewerFor(privileges);
    if (streamSeenBy(q.streamId, viewer) !== q.streamId) throw new ApiException('auth.forbidden', 'This history is not readable here');
    const events = await this.events.readStream(q.streamId);
    // Accounts: only customers' (the customer context); staff accounts have their own screens.
    if (q.streamId.startsWith('account-') && events[0] && events[0].type !== 'CustomerSignedUp')
      throw new ApiException('auth.forbidden', 'This history is not readable here');
    let state: State = {};
    let setBy: Record<string, string> = {};
    const created = events[0]?.type;
    const entries: AuditEntry[] = events.map((event) => {
      const next = evolveAudit(state, event);
      const ownKind = (field: string) =>
        DERIVED.test(field) || setBy[field] === undefined || setBy[field] === event.type || setBy[field] === created;
      const entry = {
        eventId: event.eventId,
        type: event.type,
        revision: event.revision,
        occurredAt: event.metadata.occurredAt,
        actor: { type: event.metadata.actor.type, id: event.metadata.actor.id, name: null as string | null },
        reason: event.metadata.reason ?? null,
        changes: changesOf(state, next, q.streamId, viewer, ownKind),
      };
      setBy = writers(setBy, state, next, event.type);
      state = next;
      return entry;
    });
    entries.reverse();
    const dataList = entries.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    // A customer's name is personal data, as in the explorer.
    const names = await this.names.of(
      dataList.filter((e) => e.actor.type === 'staff' || (e.actor.type === 'customer' && viewer.personalData)).map((e) => e.actor.id),
    );
    for (const e of dataList) e.actor.name = names.get(e.actor.id) ?? null;
    return { dataList, totalCount: entries.length };
  }
}
