import type { CardRequestEvent, CardRequestStatus, CardRequested } from '@evc/contracts';
import { cairoDate, isCancellableCardRequest, isOpenCardRequest, nextCardRequestStatus } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/** What the customer filed (the request's facts less its status, time and owner-independent bookkeeping). */
export type CardRequestDetails = Omit<CardRequested['data'], 'status' | 'at'>;

export type CardRequestCommand =
  | { kind: 'submit'; details: CardRequestDetails; at: string }
  | { kind: 'start' | 'ship' | 'resume'; note: string | null; at: string }
  | { kind: 'needs-action'; note: string; at: string }
  | { kind: 'reject'; reason: string; at: string }
  /** `customerId`: who cancels (only the request's own customer may; another's answers like a missing one). */
  | { kind: 'cancel'; customerId: string; at: string }
  | { kind: 'deliver'; cardId: string; issueDate: string; note: string | null; at: string };

export interface CardRequestState {
  details: CardRequestDetails | null;
  status: CardRequestStatus | null;
  /** The status needs_action came from (where `resume` goes back to). */
  before: CardRequestStatus | null;
  cardId: string | null;
  /** The delivered card's issue date. */
  issueDate: string | null;
}

export const requestNotFound = () =>
  new DomainError('cards.request_not_found', 'No such card request', [{ path: 'requestId', code: 'not_found' }]);

const refused = (from: CardRequestStatus | null, command: CardRequestCommand['kind']) =>
  new DomainError('cards.transition_not_allowed', `A ${from ?? 'missing'} request cannot be ${command}`, [
    { path: 'status', code: 'transition', params: { from: from ?? 'none', command } },
  ]);

/**
 * `card-request-<id>` (docs/rules.md §4): requested → in_progress → in_delivery → delivered; needs_action from any open
 * status and back to where it was; rejected by staff while open; canceled by its customer while requested or
 * needs_action; delivered with an issue date no later than today in Egypt at the decision's time. Delivered, rejected
 * and canceled are final. A repeated submit or delivery (same content) is a no-op.
 */
export const cardRequestDecider: Decider<CardRequestCommand, CardRequestEvent, CardRequestState> = {
  initialState: { details: null, status: null, before: null, cardId: null, issueDate: null },
  evolve(state, { type, data }) {
    switch (type) {
      case 'CardRequested': {
        const { status, at, ...details } = data;
        return { ...state, details, status, cardId: details.cardId };
      }
      case 'CardRequestNeedsAction':
        return { ...state, status: data.status, before: data.from };
      case 'CardRequestDelivered':
        return { ...state, status: data.status, cardId: data.cardId, issueDate: data.issueDate };
      default:
        return { ...state, status: data.status };
    }
  },
  decide(command, state) {
    const { at } = command;
    if (command.kind === 'submit') {
      if (!state.details) return [{ type: 'CardRequested', data: { ...command.details, status: 'requested', at } }];
      if (JSON.stringify(state.details) === JSON.stringify(command.details)) return [];
      throw new DomainError('cards.request_exists', 'A different request was filed under this id');
    }
    const { details, status: from } = state;
    if (!details || !from) throw requestNotFound();
    const fact = { requestId: details.requestId, customerId: details.customerId, from, at };
    switch (command.kind) {
      case 'start':
      case 'ship': {
        const status = nextCardRequestStatus(details.kind, from, command.kind);
        if (!status) throw refused(from, command.kind);
        return [{ type: 'CardRequestAdvanced', data: { ...fact, status, note: command.note } }];
      }
      case 'resume':
        if (from !== 'needs_action' || !state.before) throw refused(from, command.kind);
        return [{ type: 'CardRequestAdvanced', data: { ...fact, status: state.before, note: command.note } }];
      case 'needs-action':
        if (!isOpenCardRequest(from) || from === 'needs_action') throw refused(from, command.kind);
        return [{ type: 'CardRequestNeedsAction', data: { ...fact, status: 'needs_action', note: command.note } }];
      case 'reject':
        if (!isOpenCardRequest(from)) throw refused(from, command.kind);
        return [{ type: 'CardRequestRejected', data: { ...fact, status: 'rejected', reason: command.reason } }];
      case 'cancel':
        if (details.customerId !== command.customerId) throw requestNotFound();
        if (from === 'canceled') return [];
        if (!isCancellableCardRequest(from)) throw refused(from, command.kind);
        return [{ type: 'CardRequestCanceled', data: { ...fact, status: 'canceled' } }];
      case 'deliver': {
        if (from === 'delivered' && state.cardId === command.cardId) return [];
        // An issue date may not be later than today in Egypt at the time of the decision.
        if (command.issueDate > cairoDate(new Date(at)))
          throw new DomainError('request.invalid', 'The issue date is in the future', [{ path: 'issueDate', code: 'future_date' }]);
        if (!nextCardRequestStatus(details.kind, from, 'deliver')) throw refused(from, command.kind);
        return [
          {
            type: 'CardRequestDelivered',
            data: { ...fact, status: 'delivered', cardId: command.cardId, issueDate: command.issueDate, note: command.note },
          },
        ];
      }
    }
  },
};
