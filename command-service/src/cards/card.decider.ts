import type { CardEvent, CardIssued } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

export type CardCommand =
  | { kind: 'issue'; card: Omit<CardIssued['data'], 'at'>; at: string }
  | { kind: 'withdraw'; requestId: string | null; at: string }
  | { kind: 'deactivate'; reason: string; by: 'customer' | 'staff'; at: string }
  | { kind: 'activate'; reason: string; at: string };

export interface CardState {
  card: Omit<CardIssued['data'], 'at'> | null;
  active: boolean;
}

const notFound = () => new DomainError('cards.card_not_found', 'No such card', [{ path: 'cardId', code: 'not_found' }]);

/**
 * `card-<cardId>`: the card ID is issued once network-wide (a second owner or request is `cards.card_exists`; the
 * same issue again is a no-op), then turned off and on. A reservation whose request could not be delivered is
 * withdrawn, which frees the ID.
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
      const { card } = command;
      if (!state.card) return [{ type: 'CardIssued', data: { ...card, at } }];
      if (state.card.customerId === card.customerId && state.card.requestId === card.requestId) return [];
      throw new DomainError('cards.card_exists', 'This card ID is already issued', [{ path: 'cardId', code: 'exists' }]);
    }
    if (!state.card) {
      if (command.kind === 'withdraw') return [];
      throw notFound();
    }
    const { cardId, customerId } = state.card;
    switch (command.kind) {
      case 'withdraw':
        return state.card.requestId === command.requestId ? [{ type: 'CardIssueWithdrawn', data: { cardId, customerId, requestId: command.requestId, at } }] : [];
      case 'deactivate':
        return state.active ? [{ type: 'CardDeactivated', data: { cardId, customerId, reason: command.reason, by: command.by, at } }] : [];
      case 'activate':
        return state.active ? [] : [{ type: 'CardActivated', data: { cardId, customerId, reason: command.reason, at } }];
    }
  },
};
