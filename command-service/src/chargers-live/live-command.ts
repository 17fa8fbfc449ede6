import type { InboundChargerMessage } from '@evc/contracts';
import type { ChargerLiveCommand } from './charger-live.decider';

/**
 * A charger's message (version-neutral, contracts/network/charger-messages.ts) as a command on its live stream.
 * Every message that is not a presence note is `alive` unless it has a fact of its own: it records nothing unless
 * the charger had been presumed gone (its time is kept by the presence read model).
 */
export function liveCommandOf({
  chargerId,
  connectionId,
  messageId,
  protocol,
  receivedAt: at,
  message: m,
}: InboundChargerMessage): ChargerLiveCommand {
  switch (m.type) {
    case 'Connected':
      return { kind: 'connected', chargerId, connectionId, protocol, at };
    case 'Disconnected':
      return { kind: 'disconnected', chargerId, connectionId, reason: 'closed', at };
    case 'Silent':
      return { kind: 'disconnected', chargerId, connectionId, reason: 'silent', at };
    case 'Booted': {
      const { reason, vendor, model, serialNumber, firmwareVersion, iccid, imsi } = m;
      return {
        kind: 'boot',
        data: { chargerId, connectionId, messageId, reason, vendor, model, serialNumber, firmwareVersion, iccid, imsi, at },
      };
    }
    case 'StatusReported': {
      const { connectorId, status, reportedStatus, errorCode } = m;
      const error = errorCode ? { code: errorCode, info: m.errorInfo ?? null, vendorErrorCode: m.vendorErrorCode ?? null } : null;
      return { kind: 'status', data: { chargerId, connectionId, messageId, connectorId, status, ocppStatus: reportedStatus, error, at } };
    }
    default:
      return { kind: 'alive', chargerId, connectionId, at };
  }
}
