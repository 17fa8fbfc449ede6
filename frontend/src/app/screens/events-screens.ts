// The audit screens load as one lazy chunk (app/routes/admin.tsx): the event explorer, one event with its chain, a
// charger's operations view.
export { EventsPage } from '../../features/audit/admin/events-page';
export { EventChainPage } from '../../features/audit/admin/event-chain-page';
export { ChargerOperationsPage } from '../../features/audit/admin/charger-operations-page';
