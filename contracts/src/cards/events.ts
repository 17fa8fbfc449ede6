import type { CardRequestKind, CardRequestStatus } from './schemas';

/** Streams of the cards context (docs/cards.md). */
export const cardStreams = {
  /** One card request: the workflow from requested to delivered (or rejected, canceled). */
  request: (requestId: string) => `card-request-${requestId}`,
  /** The customer's open card request (at most one at a time). */
  customer: (customerId: string) => `card-customer-${customerId}`,
  /** One card: created once per card ID network-wide (the reservation of the ID), then activated / deactivated. */
  card: (cardId: string) => `card-${cardId}`,
  /** The network's local authorisation list: one entry per card; its version is the stream's revision + 1. */
  localAuthList: () => 'local-auth-list',
};

interface RequestFact {
  requestId: string;
  customerId: string;
  /** The status after this event. */
  status: CardRequestStatus;
  at: string;
}

/** `card-request-<id>`: filed by the customer. `cardId` is the printed ID of a card to link (kind `link`), else null. */
export type CardRequested = {
  type: 'CardRequested';
  data: RequestFact & {
    kind: CardRequestKind;
    referenceName: string;
    phone: string;
    governorateId: string | null;
    homeAddress: string | null;
    deliveryAddress: string | null;
    sameAsHome: boolean;
    cardId: string | null;
  };
};
/** Staff took it up (in_progress), sent it out (in_delivery) or brought it back from needs_action. */
export type CardRequestAdvanced = { type: 'CardRequestAdvanced'; data: RequestFact & { from: CardRequestStatus; note: string | null } };
/** Staff need something from the customer: the note says what. */
export type CardRequestNeedsAction = { type: 'CardRequestNeedsAction'; data: RequestFact & { from: CardRequestStatus; note: string } };
export type CardRequestRejected = { type: 'CardRequestRejected'; data: RequestFact & { from: CardRequestStatus; reason: string } };
export type CardRequestCanceled = { type: 'CardRequestCanceled'; data: RequestFact & { from: CardRequestStatus } };
/** Delivered (a new card) or verified (a linked card): the card with this ID was issued to the customer. */
export type CardRequestDelivered = {
  type: 'CardRequestDelivered';
  data: RequestFact & { from: CardRequestStatus; cardId: string; issueDate: string; note: string | null };
};
export type CardRequestEvent =
  | CardRequested
  | CardRequestAdvanced
  | CardRequestNeedsAction
  | CardRequestRejected
  | CardRequestCanceled
  | CardRequestDelivered;

/** `card-customer-<customerId>`: which request of the customer is open. */
export type CustomerCardRequestOpened = { type: 'CustomerCardRequestOpened'; data: { customerId: string; requestId: string } };
export type CustomerCardRequestClosed = { type: 'CustomerCardRequestClosed'; data: { customerId: string; requestId: string } };
export type CustomerCardRequestEvent = CustomerCardRequestOpened | CustomerCardRequestClosed;

/** How a card came to its owner. */
export type CardOrigin = 'delivered' | 'linked' | 'seed';
/** `card-<cardId>`. */
export type CardIssued = {
  type: 'CardIssued';
  data: {
    cardId: string;
    customerId: string;
    referenceName: string;
    issueDate: string;
    requestId: string | null;
    /**
     * The request's revision the delivery was decided against: the reservation is void once the request moved past it
     * without this card. Absent for the seed's cards and for reservations recorded before it was kept.
     */
    requestRevision?: number;
    origin: CardOrigin;
    at: string;
  };
};
/** The reservation's request could not be delivered with this ID (someone else changed it first): the ID is free again. */
export type CardIssueWithdrawn = {
  type: 'CardIssueWithdrawn';
  data: { cardId: string; customerId: string; requestId: string | null; requestRevision?: number; at: string };
};
export type CardDeactivated = {
  type: 'CardDeactivated';
  data: { cardId: string; customerId: string; reason: string; by: 'customer' | 'staff'; at: string };
};
export type CardActivated = { type: 'CardActivated'; data: { cardId: string; customerId: string; reason: string; at: string } };
export type CardEvent = CardIssued | CardIssueWithdrawn | CardDeactivated | CardActivated;

/** `local-auth-list`: a card's entry in every charger's local list (Accepted while active, Blocked once deactivated). */
export type LocalAuthListEntrySet = { type: 'LocalAuthListEntrySet'; data: { idTag: string; status: 'Accepted' | 'Blocked'; at: string } };

/** `seed-cards`: the demo customer's card is on the card model. */
export type CardsSeeded = { type: 'CardsSeeded'; data: { customerId: string; cardId: string } };

export type CardsEvent = CardRequestEvent | CustomerCardRequestEvent | CardEvent | LocalAuthListEntrySet | CardsSeeded;
