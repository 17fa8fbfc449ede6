import type { UpcasterOf } from '../shared/upcaster';
import type { ChargerFault, ChargersLiveEvent } from './events';

type Upcaster = UpcasterOf<ChargersLiveEvent['type']>;

/** `ConnectorStatusChanged` version 1 carried only the fault's code; version 2 carries the fault (code, text, vendor code). */
export const connectorStatusChangedV1: Upcaster = {
  type: 'ConnectorStatusChanged',
  fromVersion: 1,
  upcast(data) {
    const { errorCode, ...rest } = data as { errorCode?: string | null } & Record<string, unknown>;
    const error: ChargerFault | null = errorCode ? { code: errorCode, info: null, vendorErrorCode: null } : null;
    return { ...rest, error };
  },
};

export const chargersLiveUpcasters: readonly Upcaster[] = [connectorStatusChangedV1];
