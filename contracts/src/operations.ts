import type { OperationSpec } from './operation';
import { adminOperations } from './admin/operations';
import { cardsOperations } from './cards/operations';
import { bookingOperations } from './bookings/operations';
import { catalogOperations } from './catalog/operations';
import { chargingOperations } from './charging/operations';
import { walletOperations } from './charging/wallet-operations';
import { contactOperations } from './contact/operations';
import { eventsOperations } from './events/operations';
import { identityOperations } from './identity/operations';
import { networkOperations } from './network/operations';
import { siteOperations } from './site/operations';
import { receiptOperations } from './receipts/operations';

export * from './operation';
export { LIVE_PATH, VERSION_FILE_PATH } from './site/operations';

/**
 * Every HTTP operation of the API, one group per context (each operation's id, method, path, access and schemas
 * live in its context's `operations.ts`). The servers route from this index, OpenAPI describes it, and the
 * frontend's typed client takes its paths and types from it.
 */
export const operations = {
  ...siteOperations,
  ...contactOperations,
  ...catalogOperations,
  ...networkOperations,
  ...identityOperations,
  ...chargingOperations,
  ...walletOperations,
  ...adminOperations,
  ...cardsOperations,
  ...eventsOperations,
  ...bookingOperations,
  ...receiptOperations,
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** Operations of one kind. */
export type CommandId = { [K in OperationId]: Operations[K]['kind'] extends 'command' ? K : never }[OperationId];
export type QueryId = { [K in OperationId]: Operations[K]['kind'] extends 'query' ? K : never }[OperationId];
