import { OCPP_CONNECTED, OCPP_DISCONNECTED, OCPP_SILENT, connectorStatusFromOcpp, type InboundOcppMessage } from '@evc/contracts';
import type { ChargerLiveCommand } from './charger-live.decider';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * An inbound OCPP message (1.6 or 2.0.1 field names) as a command on the charger's live stream. A Heartbeat is
 * `alive`: it records nothing unless the charger had been presumed gone (its time is kept by the presence read model).
 */
export function translateInbound(m: InboundOcppMessage): ChargerLiveCommand | null {
  const { chargerId, connectionId, messageId, receivedAt: at } = m;
  const p = obj(m.payload);
  switch (m.action) {
    case OCPP_CONNECTED:
      return { kind: 'connected', chargerId, connectionId, protocol: m.protocol, at };
    case OCPP_DISCONNECTED:
      return { kind: 'disconnected', chargerId, connectionId, reason: 'closed', at };
    case OCPP_SILENT:
      return { kind: 'disconnected', chargerId, connectionId, reason: 'silent', at };
    case 'BootNotification': {
      // 2.0.1: { reason, chargingStation: { vendorName, model, serialNumber, firmwareVersion, modem: { iccid, imsi } } }
      // 1.6: { chargePointVendor, chargePointModel, chargePointSerialNumber, firmwareVersion, iccid, imsi }
      const station = obj(p.chargingStation);
      const modem = obj(station.modem);
      const v201 = m.protocol === 'ocpp2.0.1';
      return {
        kind: 'boot',
        data: {
          chargerId,
          connectionId,
          messageId,
          reason: text(p.reason),
          vendor: text(v201 ? station.vendorName : p.chargePointVendor) ?? '',
          model: text(v201 ? station.model : p.chargePointModel) ?? '',
          serialNumber: text(v201 ? station.serialNumber : (p.chargePointSerialNumber ?? p.chargeBoxSerialNumber)),
          firmwareVersion: text(v201 ? station.firmwareVersion : p.firmwareVersion),
          iccid: text(v201 ? modem.iccid : p.iccid),
          imsi: text(v201 ? modem.imsi : p.imsi),
          at,
        },
      };
    }
    case 'StatusNotification': {
      // 2.0.1: { timestamp, connectorStatus, evseId, connectorId } — the network numbers connectors by EVSE (one
      // connector per EVSE); 1.6: { connectorId, errorCode, status } — connector 0 is the charger itself.
      const v201 = m.protocol === 'ocpp2.0.1';
      const connectorId = Number(v201 ? p.evseId : p.connectorId);
      const ocppStatus = String((v201 ? p.connectorStatus : p.status) ?? '');
      if (!Number.isInteger(connectorId)) return null;
      const errorCode = text(p.errorCode);
      return {
        kind: 'status',
        data: { chargerId, connectionId, messageId, connectorId, status: connectorStatusFromOcpp(ocppStatus), ocppStatus, errorCode: errorCode === 'NoError' ? null : errorCode, at },
      };
    }
    default:
      // Heartbeat and the rest: no fact of their own, but proof the connection lives.
      return m.action.startsWith('$') ? null : { kind: 'alive', chargerId, connectionId, at };
  }
}
