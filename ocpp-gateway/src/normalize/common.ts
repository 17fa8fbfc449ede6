import { createRPCError } from 'ocpp-rpc';
import type { AuthorizePurpose, ChargerMessage } from '@evc/contracts';
import type { Authorization } from '../authorizer';

export type Json = Record<string, unknown>;

export const HEARTBEAT_INTERVAL_S = 60;

/** 1.6 StartTransaction: the transaction id this node gives a start (the same one for the same start sent again). */
export interface CallFacts {
  transactionIdFor(start: string): number;
}

/** A token in a call that the charger waits on an answer for: asked of the command side before the call is published. */
export interface TokenQuestion {
  idTag: string;
  connectorId: number | null;
  purpose: AuthorizePurpose;
}

/**
 * One inbound call of one protocol: its params (already validated by ocpp-rpc's strict schema) as the neutral
 * message, the token to ask about, and the answer on the wire. Method syntax on purpose: a table holds calls of
 * different params and messages (see InboundCalls).
 */
export interface InboundCall<P = never, M extends ChargerMessage = ChargerMessage> {
  read(params: P, facts: CallFacts): M;
  ask?(params: P): TokenQuestion | null;
  /** Absent: `{}`. `authorization` is set when `ask` asked. */
  answer?(params: P, message: M, authorization: Authorization | null): Json;
}
export type InboundCalls = Record<string, InboundCall>;

/** A non-empty string, else null. */
export const text = (v: string | undefined): string | null => (v ? v : null);

/** An OCPP date-time as ISO-8601 UTC with milliseconds (one spelling per instant: readings are kept per timestamp). */
export function isoTime(v: string): string | null {
  const t = new Date(v);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** A call's own time: the schema checked its format, so only an instant Date cannot read (a leap second) ends here. */
export function callTime(v: string): string {
  const t = isoTime(v);
  if (t === null) throw createRPCError('PropertyConstraintViolation', `timestamp ${v} is not a readable date-time`);
  return t;
}

/**
 * Calls with no meaning for the network yet: published as Notified, answered with an empty object (1.6 and 2.0.1
 * names; strict mode refuses the other protocol's).
 */
const NOTIFICATIONS = [
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
const notified = (action: string): InboundCall => {
  const message: ChargerMessage = { type: 'Notified', action };
  return { read: () => message };
};
const HEARTBEAT: ChargerMessage = { type: 'Heartbeat' };

/** The calls both protocols name and answer alike (their fields too, where they have any). */
export const SHARED_CALLS: InboundCalls = {
  ...Object.fromEntries(NOTIFICATIONS.map((action) => [action, notified(action)])),
  Heartbeat: { read: () => HEARTBEAT, answer: () => ({ currentTime: new Date().toISOString() }) },
  /** No vendor extensions are known: published (so nothing is lost) and answered UnknownVendorId. */
  DataTransfer: {
    read: (p: { vendorId: string; messageId?: string; data?: unknown }) => ({
      type: 'DataTransfer',
      vendorId: p.vendorId,
      messageId: p.messageId ?? null,
      data: p.data ?? null,
    }),
    answer: () => ({ status: 'UnknownVendorId' }),
  },
};

export const bootAccepted = (): Json => ({ status: 'Accepted', currentTime: new Date().toISOString(), interval: HEARTBEAT_INTERVAL_S });
