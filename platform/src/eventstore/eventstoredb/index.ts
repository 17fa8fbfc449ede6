export { EventStoreDbEventStore, openEventStoreDb } from './eventstoredb-event-store';
