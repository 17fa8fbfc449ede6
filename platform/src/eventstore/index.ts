// The event store port's adapters. The launcher picks one: EVENTSTORE_URL set → EventStoreDB, else embedded.
export * from './embedded/index';
export * from './eventstoredb/index';
export { UpcastingEventStore, upcasting } from './upcasting';
