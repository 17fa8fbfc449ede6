import type { CardsEvent } from './cards/events';
import type { BookingsContextEvent } from './bookings/events';
import type { CatalogEvent } from './catalog/events';
import type { ChargingEvent } from './charging/events';
import type { WalletContextEvent } from './wallet/events';
import type { ContactEvent } from './contact/events';
import type { IdentityEvent } from './identity/events';
import type { NetworkEvent } from './network/events';
import type { ChargersLiveEvent } from './chargers-live/events';
import type { UpgradeEvent } from './shared/upgrade-events';
import type { SmartChargingEvent } from './smart-charging/events';
import type { DiagnosticsEvent } from './diagnostics/events';
import type { AlertsContextEvent } from './alerts/events';
import type { UptimeEvent } from './uptime/events';
import type { FirmwareEvent } from './firmware/events';

/**
 * Every event the command side appends, one discriminated union on `type`. Each context keeps its payloads in
 * `<context>/events.ts`; this file only joins them. Types only: nothing here reaches the browser bundle.
 */
export type AnyDomainEvent =
  | CatalogEvent
  | NetworkEvent
  | ChargersLiveEvent
  | ChargingEvent
  | WalletContextEvent
  | IdentityEvent
  | ContactEvent
  | CardsEvent
  | BookingsContextEvent
  | UpgradeEvent
  | SmartChargingEvent
  | DiagnosticsEvent
  | AlertsContextEvent
  | UptimeEvent
  | FirmwareEvent;

/** Event type name → payload, e.g. `EventTypeMap['WalletDebited']`. */
export type EventTypeMap = { [E in AnyDomainEvent as E['type']]: E['data'] };
export type EventType = keyof EventTypeMap;

/** `DomainEvent<'WalletDebited'>` is `{ type: 'WalletDebited'; data: … }`; a union of names gives the union of events. */
export type DomainEvent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventTypeMap[K] } }[T];
