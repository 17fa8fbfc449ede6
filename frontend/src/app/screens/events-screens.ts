// The screens that read the log load as one lazy chunk (app/routes/admin.tsx): audit's event explorer and an event
// with its chain, chargers-live's operations view of a charger.
export { EventsPage } from '../../features/audit/admin/events-page';
export { EventChainPage } from '../../features/audit/admin/event-chain-page';
export { ChargerDayPage } from '../../features/audit/admin/charger-day-page';
export { ChargerOperationsPage } from '../../features/chargers-live/admin/charger-operations-page';
