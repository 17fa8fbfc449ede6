import { DomainError } from '../shared/domain-error';
import { pricesInForce, sessionPrices } from '../network/index';
import type { ChargingReads } from './charging-store';

/** What a session on a connector needs to know about the charger and the prices in force now. */
export async function connectorFacts(r: ChargingReads, chargerId: string, connectorId: number, now: Date) {
  const charger = await r.charger(chargerId);
  if (!charger.data) throw new DomainError('network.charger_not_found', 'No such charger', [{ path: 'chargerId', code: 'not_found' }]);
  if (charger.deleted) throw new DomainError('network.charger_deleted', 'The charger is deleted', [{ path: 'chargerId', code: 'deleted' }]);
  const spec = charger.data.connectors.find((c) => c.connectorId === connectorId);
  if (!spec) throw new DomainError('charging.connector_unavailable', 'No such connector', [{ path: 'connectorId', code: 'not_found' }]);
  const prices = sessionPrices(pricesInForce(await r.pricing(), now), spec.current);
  return { stationId: charger.data.stationId, connectorType: spec.type, prices };
}
