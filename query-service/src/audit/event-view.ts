import type { EventView } from '@evc/contracts';
import type { RecordedEvent } from '@evc/platform';
import type { ActorNames } from '../identity/index';
import { fieldsOf, streamSeenBy, type Viewer } from './masking';

/** Names of the staff and customer actors of some events (a customer's name is personal data). */
export async function namesOf(names: ActorNames, events: readonly RecordedEvent[], viewer: Viewer): Promise<Map<string, string>> {
  const ids = events.flatMap((e) => {
    const actor = e.metadata?.actor;
    return actor && (actor.type === 'staff' || (actor.type === 'customer' && viewer.personalData)) ? [actor.id] : [];
  });
  return names.of(ids);
}

/**
 * A stored event as the explorer shows it: metadata as it is but for a token's name in its stream and cause, the
 * payload as fields masked for the viewer.
 */
export function eventView(event: RecordedEvent, viewer: Viewer, names: ReadonlyMap<string, string>): EventView {
  const m = event.metadata;
  const actor = m?.actor ?? { type: 'system' as const, id: 'unknown' };
  const { fields, truncated } = fieldsOf(event.data, event.streamId, viewer);
  return {
    position: event.position,
    streamId: streamSeenBy(event.streamId, viewer),
    revision: event.revision,
    eventId: event.eventId,
    type: event.type,
    recordedAt: event.recordedAt,
    occurredAt: m?.occurredAt ?? event.recordedAt,
    actor: {
      type: actor.type,
      id: actor.id,
      name: actor.type === 'customer' && !viewer.personalData ? null : (names.get(actor.id) ?? null),
    },
    correlationId: m?.correlationId ?? '',
    causationId: streamSeenBy(m?.causationId ?? '', viewer),
    reason: m?.reason ?? null,
    schemaVersion: m?.schemaVersion ?? 1,
    fields,
    fieldsTruncated: truncated,
  };
}

/** What free text is matched against: what the viewer would see of the event (masked values never match). */
export function searchableText(view: EventView): string {
  const parts = [view.streamId, view.type, view.reason ?? '', view.actor.id, view.actor.name ?? ''];
  for (const f of view.fields) if (f.masked === null && f.value !== null) parts.push(String(f.value));
  return parts.join('\n').toLowerCase();
}
