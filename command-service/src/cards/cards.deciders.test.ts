import { describe, expect, it } from 'vitest';
import type { CardRequestEvent, CardRequestStatus } from '@evc/contracts';
import { DeciderSpecification } from '../shared/decider-specification';
import { fold } from '../shared/decider';
import { cardDecider } from './card.decider';
import { cardRequestDecider, type CardRequestCommand, type CardRequestDetails } from './card-request.decider';
import { LOCK_GRACE_MS, customerRequestsDecider } from './customer-requests.decider';
import { localAuthListDecider } from './local-auth-list.decider';
import { tokenStatusDecider } from './token-status.decider';

const at = '2026-03-01T10:00:00.000Z';
const requestId = '11111111-1111-4111-8111-111111111111';
const customerId = 'cust-1';
const details: CardRequestDetails = {
  requestId,
  customerId,
  kind: 'new',
  referenceName: 'My card',
  phone: '01012345678',
  governorateId: 'eg-c',
  homeAddress: '12 Tahrir St',
  deliveryAddress: '12 Tahrir St',
  sameAsHome: true,
  cardId: null,
};
const linkDetails: CardRequestDetails = {
  ...details,
  kind: 'link',
  governorateId: null,
  homeAddress: null,
  deliveryAddress: null,
  sameAsHome: false,
  cardId: 'CARD-0042',
};
const fact = (from: CardRequestStatus, status: CardRequestStatus) => ({ requestId, customerId, from, status, at });

const requested = (d = details): CardRequestEvent => ({ type: 'CardRequested', data: { ...d, status: 'requested', at } });
const advanced = (from: CardRequestStatus, status: CardRequestStatus): CardRequestEvent => ({
  type: 'CardRequestAdvanced',
  data: { ...fact(from, status), note: null },
});
const needsAction = (from: CardRequestStatus): CardRequestEvent => ({
  type: 'CardRequestNeedsAction',
  data: { ...fact(from, 'needs_action'), note: 'Send a photo of your ID' },
});
const delivered = (from: CardRequestStatus, cardId = 'CARD-0001'): CardRequestEvent => ({
  type: 'CardRequestDelivered',
  data: { ...fact(from, 'delivered'), cardId, issueDate: '2026-03-01', note: null },
});

const start: CardRequestCommand = { kind: 'start', note: null, at };
const ship: CardRequestCommand = { kind: 'ship', note: null, at };
const resume: CardRequestCommand = { kind: 'resume', note: 'Thanks', at };
const askAction: CardRequestCommand = { kind: 'needs-action', note: 'Send a photo of your ID', at };
const reject: CardRequestCommand = { kind: 'reject', reason: 'Address outside the delivery area', at };
const cancel: CardRequestCommand = { kind: 'cancel', customerId, at };
const deliver = (cardId = 'CARD-0001'): CardRequestCommand => ({ kind: 'deliver', cardId, issueDate: '2026-03-01', note: null, at });

/** Each history leaves the request in the named status. */
const histories: Record<CardRequestStatus, CardRequestEvent[]> = {
  requested: [requested()],
  in_progress: [requested(), advanced('requested', 'in_progress')],
  needs_action: [requested(), needsAction('requested')],
  in_delivery: [requested(), advanced('requested', 'in_progress'), advanced('in_progress', 'in_delivery')],
  delivered: [requested(), advanced('requested', 'in_progress'), advanced('in_progress', 'in_delivery'), delivered('in_delivery')],
  rejected: [requested(), { type: 'CardRequestRejected', data: { ...fact('requested', 'rejected'), reason: 'No' } }],
  canceled: [requested(), { type: 'CardRequestCanceled', data: fact('requested', 'canceled') }],
};

describe('card request decider (card-request-<id>)', () => {
  const spec = DeciderSpecification.for(cardRequestDecider);

  it('files a request once; the same submit again is a no-op, a different one under the same id is refused', () => {
    spec.given([]).when({ kind: 'submit', details, at }).then([requested()]);
    spec.given([requested()]).when({ kind: 'submit', details, at }).thenNothingHappened();
    spec
      .given([requested()])
      .when({ kind: 'submit', details: { ...details, referenceName: 'Other' }, at })
      .thenThrows('cards.request_exists');
  });

  it('walks requested → in progress → in delivery → delivered', () => {
    spec
      .given([requested()])
      .when(start, ship, deliver())
      .then([advanced('requested', 'in_progress'), advanced('in_progress', 'in_delivery'), delivered('in_delivery')]);
  });

  // Every (status, command) pair: exactly these are allowed for a new card; everything else is refused.
  const allowed: Record<CardRequestStatus, CardRequestCommand['kind'][]> = {
    requested: ['start', 'needs-action', 'reject', 'cancel'],
    in_progress: ['ship', 'needs-action', 'reject'],
    needs_action: ['resume', 'reject', 'cancel'],
    in_delivery: ['deliver', 'needs-action', 'reject'],
    delivered: [],
    rejected: [],
    canceled: [],
  };
  const commands: CardRequestCommand[] = [start, ship, resume, askAction, reject, cancel, deliver()];
  for (const [status, kinds] of Object.entries(allowed) as [CardRequestStatus, CardRequestCommand['kind'][]][]) {
    for (const command of commands) {
      const ok = kinds.includes(command.kind);
      // Repeats of a final fact are no-ops, not refusals: cancel of a canceled, the same delivery of a delivered request.
      const repeat = (status === 'canceled' && command.kind === 'cancel') || (status === 'delivered' && command.kind === 'deliver');
      it(`${status} + ${command.kind}: ${repeat ? 'nothing' : ok ? 'allowed' : 'refused'}`, () => {
        const then = spec.given(histories[status]).when(command);
        if (repeat) then.thenNothingHappened();
        else if (ok) expect(then.events()).toHaveLength(1);
        else then.thenThrows('cards.transition_not_allowed');
      });
    }
  }

  it('needs action from any open status goes back to where it came from', () => {
    for (const from of ['requested', 'in_progress', 'in_delivery'] as const) {
      const events = spec.given(histories[from]).when(askAction, resume).thenTypes(['CardRequestNeedsAction', 'CardRequestAdvanced']);
      expect(events[1]!.data.status).toBe(from);
      expect(events[0]!.data).toMatchObject({ from, note: 'Send a photo of your ID' });
    }
  });

  it('a request delivered twice issues one card: the same card again is a no-op, another card is refused', () => {
    spec.given(histories.delivered).when(deliver('CARD-0001')).thenNothingHappened();
    spec.given(histories.delivered).when(deliver('CARD-0002')).thenThrows('cards.transition_not_allowed');
  });

  it('a card to link is verified from requested or in progress, never shipped', () => {
    spec
      .given([requested(linkDetails)])
      .when(deliver('CARD-0042'))
      .thenMatches([{ type: 'CardRequestDelivered', data: { cardId: 'CARD-0042', from: 'requested' } }]);
    spec
      .given([requested(linkDetails)])
      .when(start, deliver('CARD-0042'))
      .thenTypes(['CardRequestAdvanced', 'CardRequestDelivered']);
    spec
      .given([requested(linkDetails)])
      .when(start, ship)
      .thenThrows('cards.transition_not_allowed');
  });

  it('a missing request is not found', () => {
    spec.given([]).when(start).thenThrows('cards.request_not_found');
  });

  it('an issue date after today in Egypt, at the time of the decision, is refused before anything happens', () => {
    const late = (time: string): CardRequestCommand => ({
      kind: 'deliver',
      cardId: 'CARD-0001',
      issueDate: '2026-03-02',
      note: null,
      at: time,
    });
    spec.given(histories.in_delivery).when(late(at)).thenThrows('request.invalid');
    // Just after midnight in Cairo (UTC+2 in March) it is already the 2nd there.
    spec.given(histories.in_delivery).when(late('2026-03-01T22:30:00.000Z')).thenTypes(['CardRequestDelivered']);
  });

  it("another customer's cancel answers like a missing request", () => {
    spec.given(histories.requested).when({ kind: 'cancel', customerId: 'someone-else', at }).thenThrows('cards.request_not_found');
  });
});

describe('customer requests decider (card-customer-<id>): one open request at a time', () => {
  const spec = DeciderSpecification.for(customerRequestsDecider);
  const opened = (id: string) => ({ type: 'CustomerCardRequestOpened' as const, data: { customerId, requestId: id } });
  const closed = (id: string) => ({ type: 'CustomerCardRequestClosed' as const, data: { customerId, requestId: id } });

  it('opens one, refuses a second, opens again after the first closed', () => {
    spec
      .given([])
      .when({ kind: 'open', customerId, requestId: 'a', at })
      .then([opened('a')]);
    spec
      .given([opened('a')])
      .when({ kind: 'open', customerId, requestId: 'a', at })
      .thenNothingHappened();
    spec
      .given([opened('a')])
      .when({ kind: 'open', customerId, requestId: 'b', at })
      .thenThrows('cards.open_request_exists');
    spec
      .given([opened('a'), closed('a')])
      .when({ kind: 'open', customerId, requestId: 'b', at })
      .then([opened('b')]);
  });

  it('closing another request than the open one changes nothing; a lost release is taken over', () => {
    spec
      .given([opened('a')])
      .when({ kind: 'close', customerId, requestId: 'b' })
      .thenNothingHappened();
    spec
      .given([opened('a')])
      .when({ kind: 'open', customerId, requestId: 'b', at, held: { requestId: 'a', status: 'canceled', lockedAt: null } })
      .then([closed('a'), opened('b')]);
    // Taking over names the request found closed: one opened since is not taken.
    spec
      .given([opened('a'), closed('a'), opened('c')])
      .when({ kind: 'open', customerId, requestId: 'b', at, held: { requestId: 'a', status: 'canceled', lockedAt: null } })
      .thenThrows('cards.open_request_exists');
  });

  it('a lock whose request is open, or was never filed and is younger than the grace, is kept; an older one is taken over', () => {
    const held = (status: CardRequestStatus | null, secondsAgo: number) => ({
      requestId: 'a',
      status,
      lockedAt: new Date(Date.parse(at) - secondsAgo * 1000).toISOString(),
    });
    const open = (h: ReturnType<typeof held>) => ({ kind: 'open' as const, customerId, requestId: 'b', at, held: h });
    spec
      .given([opened('a')])
      .when(open(held('requested', 3600)))
      .thenThrows('cards.open_request_exists');
    spec
      .given([opened('a')])
      .when(open(held(null, 30)))
      .thenThrows('cards.open_request_exists');
    spec
      .given([opened('a')])
      .when(open(held(null, LOCK_GRACE_MS / 1000 + 1)))
      .then([closed('a'), opened('b')]);
  });
});

describe('card decider (card-<cardId>)', () => {
  const spec = DeciderSpecification.for(cardDecider);
  const card = {
    cardId: 'CARD-0001',
    customerId,
    referenceName: 'My card',
    issueDate: '2026-03-01',
    requestId,
    origin: 'delivered' as const,
  };
  const issued = { type: 'CardIssued' as const, data: { ...card, at } };

  it('issues a card ID once network-wide', () => {
    spec.given([]).when({ kind: 'issue', card, at }).then([issued]);
    spec.given([issued]).when({ kind: 'issue', card, at }).thenNothingHappened();
    spec
      .given([issued])
      .when({ kind: 'issue', card: { ...card, customerId: 'someone-else', requestId: 'other' }, at })
      .thenThrows('cards.card_exists');
    spec
      .given([issued])
      .when({ kind: 'issue', card: { ...card, requestId: 'another-request' }, at })
      .thenThrows('cards.card_exists');
  });

  it('a withdrawn reservation frees the ID; only the delivery that holds it withdraws it', () => {
    const fenced = { type: 'CardIssued' as const, data: { ...card, requestRevision: 2, at } };
    const withdrawn = spec
      .given([fenced])
      .when({ kind: 'withdraw', reservation: { requestId, requestRevision: 2 }, at })
      .thenTypes(['CardIssueWithdrawn']);
    spec
      .given([fenced, ...withdrawn])
      .when({ kind: 'issue', card: { ...card, customerId: 'other' }, at })
      .thenTypes(['CardIssued']);
    spec
      .given([fenced])
      .when({ kind: 'withdraw', reservation: { requestId: 'not-mine', requestRevision: 2 }, at })
      .thenNothingHappened();
    // A delivery of the same request against another revision cannot free the one that holds it.
    spec
      .given([fenced])
      .when({ kind: 'withdraw', reservation: { requestId, requestRevision: 1 }, at })
      .thenNothingHappened();
  });

  it('deliveries of one request share a reservation only when decided against the same revision with the same facts', () => {
    const at2 = { ...card, requestRevision: 2 };
    const fenced = { type: 'CardIssued' as const, data: { ...at2, at } };
    spec.given([fenced]).when({ kind: 'issue', card: at2, at }).thenNothingHappened();
    spec
      .given([fenced])
      .when({ kind: 'issue', card: { ...at2, issueDate: '2026-02-01' }, at })
      .thenThrows('concurrency.conflict');
    spec
      .given([fenced])
      .when({ kind: 'issue', card: { ...at2, requestRevision: 3 }, at })
      .thenThrows('concurrency.conflict');
    spec
      .given([fenced])
      .when({ kind: 'issue', card: { ...at2, requestId: 'other', customerId: 'other' }, at })
      .thenThrows('cards.card_exists');
  });

  it('a void reservation (its request moved on without the card) is taken over, by that request or another', () => {
    const fenced = { type: 'CardIssued' as const, data: { ...card, requestRevision: 2, at } };
    const other = { ...card, requestId: 'other', customerId: 'other', requestRevision: 0 };
    const taken = spec
      .given([fenced])
      .when({ kind: 'issue', card: other, replaces: { requestId, requestRevision: 2 }, at })
      .thenTypes(['CardIssueWithdrawn', 'CardIssued']);
    expect(
      spec
        .given([fenced, ...taken])
        .when()
        .state().card,
    ).toEqual(other);
    // Named wrongly (another revision than the one holding it), nothing is taken over.
    spec
      .given([fenced])
      .when({ kind: 'issue', card: other, replaces: { requestId, requestRevision: 1 }, at })
      .thenThrows('cards.card_exists');
    spec
      .given([fenced])
      .when({ kind: 'issue', card: { ...card, requestRevision: 4 }, replaces: { requestId, requestRevision: 2 }, at })
      .thenTypes(['CardIssueWithdrawn', 'CardIssued']);
  });

  it('turns off and on with a reason, each once', () => {
    const off = spec
      .given([issued])
      .when({ kind: 'deactivate', reason: 'reported_lost', by: 'customer', at })
      .then([{ type: 'CardDeactivated', data: { cardId: 'CARD-0001', customerId, reason: 'reported_lost', by: 'customer', at } }]);
    spec
      .given([issued, ...off])
      .when({ kind: 'deactivate', reason: 'again', by: 'staff', at })
      .thenNothingHappened();
    spec
      .given([issued, ...off])
      .when({ kind: 'activate', reason: 'Found it', at })
      .thenTypes(['CardActivated']);
    spec.given([issued]).when({ kind: 'activate', reason: 'x', at }).thenNothingHappened();
    expect(
      spec
        .given([issued, ...off])
        .when()
        .state().active,
    ).toBe(false);
  });

  it('an unknown card cannot be turned off', () => {
    spec.given([]).when({ kind: 'deactivate', reason: 'lost', by: 'customer', at }).thenThrows('cards.card_not_found');
  });
});

describe('token status decider (id-token-<tag>, as the cards context writes it)', () => {
  const spec = DeciderSpecification.for(tokenStatusDecider);
  const issued = { type: 'IdTokenIssued' as const, data: { idTag: 'CARD-0001', customerId, kind: 'card' as const, expiresAt: null, at } };
  it('blocks and unblocks an issued token once each; an unknown token is left alone', () => {
    spec
      .given([issued])
      .when({ kind: 'block', idTag: 'CARD-0001', at }, { kind: 'block', idTag: 'CARD-0001', at })
      .thenTypes(['IdTokenBlocked']);
    spec
      .given([issued, { type: 'IdTokenBlocked', data: { idTag: 'CARD-0001', at } }])
      .when({ kind: 'unblock', idTag: 'CARD-0001', at })
      .thenTypes(['IdTokenUnblocked']);
    spec.given([]).when({ kind: 'block', idTag: 'CARD-0001', at }).thenNothingHappened();
  });
});

describe('local authorisation list decider (local-auth-list)', () => {
  const spec = DeciderSpecification.for(localAuthListDecider);
  const set = (idTag: string, status: 'Accepted' | 'Blocked') => ({ type: 'LocalAuthListEntrySet' as const, data: { idTag, status, at } });

  it('records a change only when it changes the list, so the version moves only then', () => {
    spec
      .given([])
      .when({ idTag: 'A-01', status: 'Accepted', at })
      .then([set('A-01', 'Accepted')]);
    spec
      .given([set('A-01', 'Accepted')])
      .when({ idTag: 'A-01', status: 'Accepted', at })
      .thenNothingHappened();
    spec
      .given([set('A-01', 'Accepted')])
      .when({ idTag: 'A-01', status: 'Blocked', at })
      .then([set('A-01', 'Blocked')]);
  });

  it('folds to each tag latest status, and never changes the initial state', () => {
    const state = fold(localAuthListDecider, [set('A-01', 'Accepted'), set('B-02', 'Accepted'), set('A-01', 'Blocked')]);
    expect([...state.entries]).toEqual([
      ['B-02', 'Accepted'],
      ['A-01', 'Blocked'],
    ]);
    expect(localAuthListDecider.initialState.entries.size).toBe(0);
  });
});
