import type { ConnectorType } from '@evc/contracts/network/schemas';
import type { ContactType } from '@evc/contracts/contact/schemas';

/**
 * Enum values of contracts, restated so the initial bundle does not pull the zod schemas they live beside.
 * The `satisfies` and the exhaustiveness checks below fail tsc when contracts add, drop or rename a value.
 */
export const CONNECTOR_TYPE_VALUES = ['Type2', 'CCS2', 'CHAdeMO', 'GBT'] as const satisfies readonly ConnectorType[];
export const CONTACT_TYPE_VALUES = ['inquiry', 'suggestion', 'praise', 'complaint'] as const satisfies readonly ContactType[];

type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
export const connectorTypesComplete: Exhaustive<ConnectorType, (typeof CONNECTOR_TYPE_VALUES)[number]> = true;
export const contactTypesComplete: Exhaustive<ContactType, (typeof CONTACT_TYPE_VALUES)[number]> = true;
