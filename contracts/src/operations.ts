import type { OperationSpec } from './shared/operation';
import { cardsOperations } from './cards/operations';
import { bookingOperations } from './bookings/operations';
import { catalogOperations } from './catalog/operations';
import { chargingOperations } from './charging/operations';
import { walletOperations } from './wallet/operations';
import { contactOperations } from './contact/operations';
import { auditOperations } from './audit/operations';
import { chargersLiveOperations } from './chargers-live/operations';
import { filesOperations } from './files/operations';
import { reportingOperations } from './reporting/operations';
import { identityOperations } from './identity/operations';
import { networkOperations } from './network/operations';
import { siteOperations } from './site/operations';
import { receiptOperations } from './charging/receipt-operations';
import { smartChargingOperations } from './smart-charging/operations';
import { diagnosticsOperations } from './diagnostics/operations';
import { alertsOperations } from './alerts/operations';
import { uptimeOperations } from './uptime/operations';
import { firmwareOperations } from './firmware/operations';

export * from './shared/operation';
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
  ...chargersLiveOperations,
  ...identityOperations,
  ...chargingOperations,
  ...walletOperations,
  ...filesOperations,
  ...reportingOperations,
  ...cardsOperations,
  ...auditOperations,
  ...bookingOperations,
  ...receiptOperations,
  ...smartChargingOperations,
  ...diagnosticsOperations,
  ...alertsOperations,
  ...uptimeOperations,
  ...firmwareOperations,
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
/** Operations of one kind. */
export type CommandId = { [K in OperationId]: Operations[K]['kind'] extends 'command' ? K : never }[OperationId];
export type QueryId = { [K in OperationId]: Operations[K]['kind'] extends 'query' ? K : never }[OperationId];
