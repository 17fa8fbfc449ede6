import { randomInt } from 'node:crypto';
import type { InboundOcppMessage, OcppAuthorizeRequest } from '@evc/contracts';
import { toOcpp16Status, type Authorization } from './authorizer';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

export const HEARTBEAT_INTERVAL_S = 60;

/** What an inbound handler may do: publish on ocpp.inbound (awaited before answering) and ask the command side. */
export interface InboundContext {
  chargerId: string;
  protocol: string;
  publish(action: string, payload: unknown, messageId: string, extra?: Pick<InboundOcppMessage, 'transactionId' | 'authorization'>): Promise<void>;
  authorize(question: Pick<OcppAuthorizeRequest, 'idTag' | 'connectorId' | 'purpose'>): Promise<Authorization>;
  /** The transaction id for a 1.6 StartTransaction (the same one for the same start sent again). */
  transactionIdFor(start: string): number;
}

export type InboundHandler = (call: { params: unknown; messageId: string }) => Promise<Json>;

/** Calls answered with an empty object once published (1.6 and 2.0.1 names; strict mode refuses the other's). */
const ACKNOWLEDGED = [
  'StatusNotification',
  'MeterValues',
  'FirmwareStatusNotification',
  'DiagnosticsStatusNotification',
  'SignedFirmwareStatusNotification',
  'LogStatusNotification',
  'SecurityEventNotification',
  'NotifyReport',
  'NotifyEvent',
  'NotifyMonitoringReport',
  'ReservationStatusUpdate',
  'NotifyChargingLimit',
  'ClearedChargingLimit',
  'ReportChargingProfiles',
  'NotifyCustomerInformation',
  'NotifyDisplayMessages',
  'PublishFirmwareStatusNotification',
];

/** 1.6 idTagInfo / 2.0.1 idTokenInfo for an authorization. */
function tokenInfo(a: Authorization, v201: boolean): Json {
  if (v201) return { idTokenInfo: { status: a.status, ...(a.expiryDate ? { cacheExpiryDateTime: a.expiryDate } : {}) } };
  return { idTagInfo: { status: toOcpp16Status(a.status), ...(a.expiryDate ? { expiryDate: a.expiryDate } : {}) } };
}

/**
 * The answer to each inbound call, by action. Every call is published on ocpp.inbound before it is answered, so an
 * acknowledged message is never lost (a failed publish fails the call: the charger sends it again). Calls a charger
 * waits on (Authorize, StartTransaction, TransactionEvent with an idToken) first ask the command side.
 */
export function inboundHandlers(ctx: InboundContext): Record<string, InboundHandler> {
  const v201 = ctx.protocol === 'ocpp2.0.1';
  const now = () => new Date().toISOString();
  const handlers: Record<string, InboundHandler> = {
    BootNotification: async ({ params, messageId }) => {
      await ctx.publish('BootNotification', params, messageId);
      return { status: 'Accepted', currentTime: now(), interval: HEARTBEAT_INTERVAL_S };
    },
    Heartbeat: async ({ params, messageId }) => {
      await ctx.publish('Heartbeat', params, messageId);
      return { currentTime: now() };
    },
    Authorize: async ({ params, messageId }) => {
      const p = obj(params);
      const idTag = String(v201 ? obj(p.idToken).idToken : p.idTag);
      const a = await ctx.authorize({ idTag, connectorId: null, purpose: 'Authorize' });
      await ctx.publish('Authorize', params, messageId, { authorization: { status: a.status, source: a.source } });
      return tokenInfo(a, v201);
    },
    /** 1.6: the gateway gives the transaction its id (a positive 31-bit integer). */
    StartTransaction: async ({ params, messageId }) => {
      const p = obj(params);
      const idTag = String(p.idTag);
      const connectorId = Number(p.connectorId);
      const transactionId = ctx.transactionIdFor(`${connectorId}|${idTag}|${String(p.timestamp)}|${String(p.meterStart)}`);
      const a = await ctx.authorize({ idTag, connectorId, purpose: 'StartTransaction' });
      await ctx.publish('StartTransaction', params, messageId, { transactionId: String(transactionId), authorization: { status: a.status, source: a.source } });
      return { ...tokenInfo(a, false), transactionId };
    },
    StopTransaction: async ({ params, messageId }) => {
      const p = obj(params);
      await ctx.publish('StopTransaction', params, messageId, { transactionId: String(p.transactionId) });
      return typeof p.idTag === 'string' ? { idTagInfo: { status: 'Accepted' } } : {};
    },
    /** 2.0.1: the charger chooses the transaction id; an idToken (start or later) is checked with the command side. */
    TransactionEvent: async ({ params, messageId }) => {
      const p = obj(params);
      const transactionId = String(obj(p.transactionInfo).transactionId);
      const idToken = obj(p.idToken);
      const evseId = obj(p.evse).id;
      if (typeof idToken.idToken !== 'string' || idToken.type === 'NoAuthorization') {
        await ctx.publish('TransactionEvent', params, messageId, { transactionId });
        return {};
      }
      const a = await ctx.authorize({ idTag: idToken.idToken, connectorId: typeof evseId === 'number' ? evseId : null, purpose: 'TransactionEvent' });
      await ctx.publish('TransactionEvent', params, messageId, { transactionId, authorization: { status: a.status, source: a.source } });
      return tokenInfo(a, true);
    },
    /** No vendor extensions are known: published (so nothing is lost) and answered UnknownVendorId. */
    DataTransfer: async ({ params, messageId }) => {
      await ctx.publish('DataTransfer', params, messageId);
      return { status: 'UnknownVendorId' };
    },
  };
  for (const action of ACKNOWLEDGED) {
    handlers[action] = async ({ params, messageId }) => {
      await ctx.publish(action, params, messageId);
      return {};
    };
  }
  return handlers;
}

/** Transaction ids given by this node for recent 1.6 starts, so a start sent again gets the same id. */
export class TransactionIds {
  private readonly given = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  for(chargerId: string, start: string): number {
    const key = `${chargerId}|${start}`;
    let id = this.given.get(key);
    if (id === undefined) {
      id = randomInt(1, 2 ** 31);
      this.given.set(key, id);
      if (this.given.size > this.max) this.given.delete(this.given.keys().next().value!);
    }
    return id;
  }
}
