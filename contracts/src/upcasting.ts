import type { EventType } from './events';
import { chargersLiveUpcasters } from './chargers-live/upcasters';
import type { UpcasterOf } from './shared/upcaster';

/**
 * Event schema versions. Every event carries `metadata.schemaVersion`: the version of its payload's shape when it was
 * written. A type whose shape changes gets a higher version here (the writers stamp it) and an upcaster from the old
 * version, so readers (deciders, projections, the query side) only ever see the current shape: stored events are never
 * rewritten, they are upcast on read (the event store is wrapped once, `platform/src/eventstore/upcasting.ts`).
 */
export const CURRENT_SCHEMA_VERSIONS: Partial<Record<EventType, number>> = {
  ConnectorStatusChanged: 2,
};

/** The version a type is written at now (1 unless it changed). */
export const schemaVersionOf = (type: string): number => CURRENT_SCHEMA_VERSIONS[type as EventType] ?? 1;

/** An upcaster of any event type. */
export type Upcaster = UpcasterOf<EventType>;

/** Every context's upcasters; a context adds its list here. */
export const UPCASTERS: readonly Upcaster[] = [...chargersLiveUpcasters];

const chains = new Map<string, Upcaster[]>();
for (const u of UPCASTERS)
  chains.set(
    u.type,
    [...(chains.get(u.type) ?? []), u].sort((a, b) => a.fromVersion - b.fromVersion),
  );

interface Versioned {
  type: string;
  data: unknown;
  metadata: { schemaVersion: number };
}

/**
 * The event in its current shape: each upcaster from its stored version up applies in turn, and the metadata then
 * says the current version. An event already current (or of a type that never changed) is returned as it is.
 */
export function upcastEvent<E extends Versioned>(event: E, upcasters: readonly Upcaster[] | null = null): E {
  const chain = upcasters
    ? upcasters.filter((u) => u.type === event.type).sort((a, b) => a.fromVersion - b.fromVersion)
    : chains.get(event.type);
  if (!chain) return event;
  let version = event.metadata?.schemaVersion ?? 1;
  let data = event.data;
  for (const step of chain) {
    if (step.fromVersion !== version) continue;
    data = step.upcast(data);
    version = step.fromVersion + 1;
  }
  if (version === (event.metadata?.schemaVersion ?? 1)) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}
