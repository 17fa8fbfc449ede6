// The staff's event screens, one lazy chunk (app/routes/admin.tsx): the event explorer, one event with its chain, a
// charger's operations view.
export { EventsPage } from './events-page';
export { EventChainPage } from './event-chain-page';
export { ChargerOperationsPage } from './charger-operations-page';
