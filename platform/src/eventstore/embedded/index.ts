export { openFileEventStore, type FileEventStoreOptions } from './open-file-event-store';
export { FileEventStore, StoreClosedError, IdempotencyConflictError } from './file-event-store';
export { StoreFailedError } from './group-commit';
export { StoreLockedError } from './lock-file';
export { MidLogCorruptionError } from './log-replay';
export { CorruptRecordError } from './record-codec';
export { SubscriptionStoppedError } from './catch-up-subscription';
