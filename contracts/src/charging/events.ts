import type { CurrentType, ConnectorType } from '../network/index';
import type { GarageEvent } from './garage-events';
import type { IdTokenStatus, NotificationKind, SessionFailure, SessionTarget, StopReason } from './schemas';

/** Streams of the charging, wallet and payments contexts. */
export const chargingStreams = {
  session: (sessionId: string) => `session-${sessionId}`,
  wallet: (customerId: string) => `wallet-${customerId}`,
  payment: (paymentId: string) => `payment-${paymentId}`,
  /** The connector's claim: at most one open session per connector (the lock a start takes). */
  connector: (chargerId: string, connectorId: number) => `connector-${chargerId}-${connectorId}`,
  /** A charger's transaction id bound to its session: MeterValues and StopTransaction find the session here. */
  chargerTransaction: (chargerId: string, transactionId: string | number) => `charger-tx-${chargerId}-${transactionId}`,
  /** The customer's one open phone session: the claim every `sessions.start` takes first, naming its session. */
  customerSession: (customerId: string) => `customer-session-${customerId}`,
  /** An OCPP id token (app token or charging card) and whose it is. */
  idToken: (idTag: string) => `id-token-${idTag}`,
  car: (carId: string) => `car-${carId}`,
  /** A staff adjustment's client id, claimed once with its payload (a reuse with another payload is a 409). */
  walletAdjustment: (adjustmentId: string) => `wallet-adjustment-${adjustmentId}`,
  /** Which of a customer's notifications were seen (the notifications themselves derive from the events above). */
  notifications: (customerId: string) => `notifications-${customerId}`,
};

/** Prices in force when the session started (piastres), kept on the session: later price changes never touch it. */
export interface SessionPrices {
  pricePerKwh: number;
  minimumCharge: number;
  current: CurrentType;
}

/** Events of `session-<sessionId>`. */
export type SessionRequested = {
  type: 'SessionRequested';
  data: {
    sessionId: string;
    customerId: string;
    /** `app`: started from the phone (remote start); `card`: a token presented at the charger. */
    origin: 'app' | 'card';
    idTag: string;
    chargerId: string;
    stationId: string;
    connectorId: number;
    connectorType: ConnectorType;
    carId: string | null;
    target: SessionTarget;
    prices: SessionPrices;
    /** The wallet balance when the session started: the automatic stop comes when the running cost reaches it. */
    balanceAtStart: number;
    /**
     * A card session whose start the product refused (the status the charger was told, or the command side's own when
     * it was not asked): recorded for staff with its energy, never billed nor shown to the token's owner.
     */
    refusal?: Exclude<IdTokenStatus, 'Accepted'>;
    at: string;
  };
};
/** The charger accepted the remote start: waiting for the cable (StartTransaction). */
export type SessionStartAccepted = { type: 'SessionStartAccepted'; data: { sessionId: string; commandId: string; at: string } };
export type SessionStartFailed = {
  type: 'SessionStartFailed';
  data: { sessionId: string; reason: SessionFailure; detail: string | null; at: string };
};
/** The charger's StartTransaction (1.6) or TransactionEvent Started (2.0.1). */
export type SessionCharging = {
  type: 'SessionCharging';
  data: { sessionId: string; transactionId: string; meterStartWh: number; startedAt: string; at: string };
};
/** One meter reading (absolute energy register); a reading whose timestamp the session has is not recorded again. */
export type MeterReadingRecorded = {
  type: 'MeterReadingRecorded';
  data: {
    sessionId: string;
    transactionId: string;
    timestamp: string;
    energyWh: number;
    powerW: number | null;
    socPercent: number | null;
    at: string;
  };
};
export type SessionStopRequested = {
  type: 'SessionStopRequested';
  data: { sessionId: string; reason: StopReason; commandId: string | null; at: string };
};
/** The transaction ended; cost = sessionCost(energyWh, prices) (cost.ts). The wallet debit follows. */
export type SessionStopped = {
  type: 'SessionStopped';
  data: {
    sessionId: string;
    transactionId: string;
    meterStopWh: number;
    stoppedAt: string;
    energyWh: number;
    cost: number;
    reason: StopReason;
    /** The charger's own reason (1.6 Reason, 2.0.1 stoppedReason), when it gave one. */
    chargerReason: string | null;
    at: string;
  };
};
/**
 * The wallet debit of the session was recorded (transaction `session:<id>`): `amount` is what the wallet paid, at most
 * what it held; `shortfall` (cost − amount, absent on older events) is what the network is owed, for staff to follow up.
 */
export type SessionBilled = {
  type: 'SessionBilled';
  data: { sessionId: string; customerId: string; amount: number; shortfall?: number; transactionId: string; at: string };
};
/** A second transaction id for the same transaction (a StartTransaction repeated after a reconnect). */
export type SessionTransactionAliased = {
  type: 'SessionTransactionAliased';
  data: { sessionId: string; transactionId: string; at: string };
};
export type SessionEvent =
  | SessionRequested
  | SessionStartAccepted
  | SessionStartFailed
  | SessionCharging
  | MeterReadingRecorded
  | SessionStopRequested
  | SessionStopped
  | SessionBilled
  | SessionTransactionAliased;

/** Events of `connector-<chargerId>-<connectorId>`. */
export type ConnectorClaimed = {
  type: 'ConnectorClaimed';
  data: { chargerId: string; connectorId: number; sessionId: string; customerId: string; idTag: string; at: string };
};
export type ConnectorReleased = {
  type: 'ConnectorReleased';
  data: { chargerId: string; connectorId: number; sessionId: string; at: string };
};
export type ConnectorClaimEvent = ConnectorClaimed | ConnectorReleased;

/**
 * Events of `customer-session-<customerId>`: at most one open phone session per customer. A start claims it before
 * anything else and confirms it once its session is requested; the session's ending releases it.
 */
export type CustomerSessionClaimed = { type: 'CustomerSessionClaimed'; data: { customerId: string; sessionId: string; at: string } };
export type CustomerSessionConfirmed = { type: 'CustomerSessionConfirmed'; data: { customerId: string; sessionId: string; at: string } };
export type CustomerSessionReleased = { type: 'CustomerSessionReleased'; data: { customerId: string; sessionId: string; at: string } };
export type CustomerSessionEvent = CustomerSessionClaimed | CustomerSessionConfirmed | CustomerSessionReleased;

/** `charger-tx-<chargerId>-<transactionId>`: created once. */
export type TransactionBound = {
  type: 'TransactionBound';
  data: { chargerId: string; transactionId: string; sessionId: string; at: string };
};

/**
 * What an app token is good for: the remote start or reservation it was made for, on that charger's connector, from
 * `validFrom` to `validUntil` (and while its own session runs there). Anywhere else, or later, it is Invalid.
 */
export interface AppTokenScope {
  chargerId: string;
  connectorId: number;
  validFrom: string;
  validUntil: string;
  /** The session or booking it was made for. */
  sessionId?: string;
  bookingId?: string;
}

/** Events of `id-token-<idTag>`. */
export type IdTokenIssued = {
  type: 'IdTokenIssued';
  /** `scope`: an app token's (one per session or booking); an app token without one is accepted nowhere. */
  data: { idTag: string; customerId: string; kind: 'app' | 'card'; expiresAt: string | null; scope?: AppTokenScope; at: string };
};
export type IdTokenBlocked = { type: 'IdTokenBlocked'; data: { idTag: string; at: string } };
export type IdTokenUnblocked = { type: 'IdTokenUnblocked'; data: { idTag: string; at: string } };
/** The token's open session (one at a time per token), opened at start and closed at stop or failure. */
export type IdTokenSessionOpened = {
  type: 'IdTokenSessionOpened';
  data: { idTag: string; sessionId: string; chargerId: string; connectorId: number; at: string };
};
export type IdTokenSessionClosed = { type: 'IdTokenSessionClosed'; data: { idTag: string; sessionId: string; at: string } };
export type IdTokenEvent = IdTokenIssued | IdTokenBlocked | IdTokenUnblocked | IdTokenSessionOpened | IdTokenSessionClosed;

/** `car-<carId>`. */
export type CarRegistered = {
  type: 'CarRegistered';
  data: {
    carId: string;
    customerId: string;
    brandId: string;
    typeId: string;
    batteryRangeId: string;
    licence: { frontFileId: string; backFileId: string } | { customsCertificateFileId: string };
    at: string;
  };
};

/** The car's fields as the customer edited them (same rules as registering). */
export type CarUpdated = { type: 'CarUpdated'; data: Omit<CarRegistered['data'], 'at'> & { at: string } };
/** The car is gone from the customer's list and cannot start a session any more. */
export type CarRemoved = { type: 'CarRemoved'; data: { carId: string; customerId: string; at: string } };
export type CarEvent = CarRegistered | CarUpdated | CarRemoved;

/** `notifications-<customerId>`: notifications derive from session, wallet and payment events; seeing is a fact. */
export type NotificationsSeen = { type: 'NotificationsSeen'; data: { customerId: string; notificationIds: string[] | 'all'; at: string } };

/** `seed-charging`: the demo customer's welcome credit, car and card are complete. */
export type ChargingSeeded = { type: 'ChargingSeeded'; data: { customerId: string; welcomeCredit: number; carId: string } };

/** Every event of the charging, wallet, payments, cars and notifications streams. */
export type ChargingEvent =
  | SessionEvent
  | ConnectorClaimEvent
  | CustomerSessionEvent
  | TransactionBound
  | IdTokenEvent
  | CarEvent
  | GarageEvent
  | NotificationsSeen
  | ChargingSeeded;

export type { IdTokenStatus, NotificationKind };
