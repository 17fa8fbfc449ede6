import type { CardEvent, CardIssued } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type CardFacts = Omit<CardIssued['data'], 'at'>;
/** One delivery's hold on a card ID: the request and the revision of it the delivery was decided against. */
export interface Reservation {
  requestId: string;
  requestRevision: number;
}

export type CardCommand =
  /** `replaces`: a reservation known to be void (its request moved past its revision without this card), taken over. */
  | { kind: 'issue'; card: CardFacts; replaces?: Reservation; at: string }
  | { kind: 'withdraw'; reservation: Reservation; at: string }
  | { kind: 'deactivate'; reason: string; by: 'customer' | 'staff'; at: string }
  | { kind: 'activate'; reason: string; at: string };

export interface CardState {
  card: CardFacts | null;
  active: boolean;
}

const notFound = () => new DomainError('cards.card_not_found', 'No such card', [{ path: 'cardId', code: 'not_found' }]);
const exists = () => new DomainError('cards.card_exists', 'This card ID is already issued', [{ path: 'cardId', code: 'exists' }]);

/** The same delivery again (a retry, or a concurrent one decided against the same revision with the same facts). */
const sameDelivery = (held: CardFacts, card: CardFacts) =>
  held.requestId === card.requestId &&
  held.customerId === card.customerId &&
  (held.requestRevision === undefined || (held.requestRevision === card.requestRevision && held.issueDate === card.issueDate));

const heldBy = (held: CardFacts, reservation: Reservation) =>
  held.requestId === reservation.requestId && held.requestRevision === reservation.requestRevision;

/**
 * `card-<cardId>`: the card ID is issued once network-wide (a second owner or request is `cards.card_exists`; the
 * same delivery again is a no-op), then turned off and on. A reservation is one delivery's (request and revision):
 * only that delivery withdraws it, and only once its request can no longer be delivered with it, so a delivery that
 * lost a race never frees the ID of the one that won. Another delivery of the same request against another revision
 * is a conflict while the reservation stands.
 */
export const cardDecider: Decider<CardCommand, CardEvent, CardState> = {
  initialState: { card: null, active: false },
  evolve(state, { type, data }) {
    switch (type) {
      case 'CardIssued': {
        const { at, ...card } = data;
        return { card, active: true };
      }
      case 'CardIssueWithdrawn':
        return { card: null, active: false };
      case 'CardDeactivated':
        return { ...state, active: false };
      case 'CardActivated':
        return { ...state, active: true };
    }
  },
  decide(command, state) {
    const { at } = command;
    if (command.kind === 'issue') {
      const { card, replaces } = command;
      const issued: CardEvent = { type: 'CardIssued', data: { ...card, at } };
      const held = state.card;
      if (!held) return [issued];
      if (sameDelivery(held, card)) return [];
      if (replaces && heldBy(held, replaces)) {
        return [
          {
            type: 'CardIssueWithdrawn',
            data: {
              cardId: held.cardId,
              customerId: held.customerId,
              requestId: replaces.requestId,
              requestRevision: replaces.requestRevision,
              at,
            },
          },
          issued,
        ];
      }
      if (held.requestId !== null && held.requestId === card.requestId)
        throw new DomainError('concurrency.conflict', 'Another delivery of this request is under way; reload and try again');
      throw exists();
    }
    if (!state.card) {
      if (command.kind === 'withdraw') return [];
      throw notFound();
    }
    const { cardId, customerId } = state.card;
    switch (command.kind) {
      case 'withdraw': {
        const { reservation } = command;
        return heldBy(state.card, reservation) ? [{ type: 'CardIssueWithdrawn', data: { cardId, customerId, ...reservation, at } }] : [];
      }
      case 'deactivate':
        return state.active ? [{ type: 'CardDeactivated', data: { cardId, customerId, reason: command.reason, by: command.by, at } }] : [];
      case 'activate':
        return state.active ? [] : [{ type: 'CardActivated', data: { cardId, customerId, reason: command.reason, at } }];
    }
  },
};
