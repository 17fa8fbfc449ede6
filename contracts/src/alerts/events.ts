import type { AlertKind } from './schemas';

export const alertStreams = {
  /**
   * `alerts-<kind>-<chargerId>`: every alert of one kind on one charger, one after the other. The stream is the claim
   * that keeps one alert open per charger and kind: a second report while one is open causes nothing.
   */
  charger: (chargerId: string, kind: AlertKind) => `alerts-${kind}-${chargerId}`,
  /** Every staff member's subscriptions (one small stream: the mail of an alert reads it whole). */
  subscriptions: () => 'alert-subscriptions',
};

/** What the charger reported or what was missed, as the alert shows and mails it. */
export interface AlertCause {
  /** The connector concerned (0 or null: the charger as a whole). */
  connectorId: number | null;
  /** faulted: the OCPP error code, the charger's text and the vendor's own code. */
  errorCode: string | null;
  info: string | null;
  vendorErrorCode: string | null;
  /** When the condition began: the fault's report, the last message heard, the transaction's start, entering Preparing. */
  since: string;
  /** transaction-stuck: the charger's transaction id and its last meter value. */
  transactionId: string | null;
  lastMeterAt: string | null;
}

export type AlertOpened = {
  type: 'AlertOpened';
  data: {
    alertId: string;
    kind: AlertKind;
    chargerId: string;
    stationId: string | null;
    governorateId: string | null;
    cause: AlertCause;
    at: string;
  };
};
export type AlertAcknowledged = {
  type: 'AlertAcknowledged';
  data: { alertId: string; kind: AlertKind; chargerId: string; reason: string; at: string };
};
export type AlertNoted = {
  type: 'AlertNoted';
  data: { alertId: string; kind: AlertKind; chargerId: string; noteId: string; text: string; at: string };
};
/** `recovered`: the charger's own report ended the cause (what it said in `recovery`); `staff`: closed by hand, with why. */
export type AlertResolved = {
  type: 'AlertResolved';
  data: {
    alertId: string;
    kind: AlertKind;
    chargerId: string;
    by: 'recovered' | 'staff';
    recovery: string | null;
    reason: string | null;
    at: string;
  };
};
/** What became of an alert's mail (opened or resolved): the staff it went to, by account id; `none` when nobody subscribed. */
export type AlertMailed = {
  type: 'AlertMailed';
  data: {
    alertId: string;
    kind: AlertKind;
    chargerId: string;
    about: 'opened' | 'resolved';
    staffIds: string[];
    outcome: 'sent' | 'failed' | 'none';
    error: string | null;
    at: string;
  };
};
export type AlertEvent = AlertOpened | AlertAcknowledged | AlertNoted | AlertResolved | AlertMailed;

/** A staff member's subscriptions, replaced whole (empty lists: none). */
export type AlertSubscriptionsSet = {
  type: 'AlertSubscriptionsSet';
  data: { staffId: string; stationIds: string[]; governorateIds: string[] };
};

export type AlertsContextEvent = AlertEvent | AlertSubscriptionsSet;
