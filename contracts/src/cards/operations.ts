import { z } from 'zod';
import { pagedSchema } from '../shared/api';
import { CUSTOMER, command, group, positionParamSchema, privilege, query } from '../shared/operation';
import {
  advanceCardRequestSchema,
  cancelCardRequestSchema,
  cardRequestNeedsActionSchema,
  deactivateOwnCardSchema,
  deliverCardRequestSchema,
  linkCardSchema,
  rejectCardRequestSchema,
  requestCardSchema,
  setCardStatusSchema,
} from './schemas';
import {
  cardAdminViewSchema,
  cardRequestAdminViewSchema,
  cardRequestViewSchema,
  cardRequestsAdminQuerySchema,
  cardViewSchema,
  cardsAdminQuerySchema,
  myCardRequestsQuerySchema,
  myCardsQuerySchema,
} from './views';

const CARDS = privilege('cards.manage');

/** Charging cards: requests and their workflow, the cards themselves. Customers only see their own. */
export const cardsOperations = group(
  command('card-requests.submit', {
    summary: 'Request a charging card delivered to you (one open request at a time). Idempotent on requestId.',
    access: CUSTOMER,
    input: requestCardSchema,
  }),
  command('card-requests.link', {
    summary: 'Ask to link a card you already hold (the card ID printed on it); staff verify it. Idempotent on requestId.',
    access: CUSTOMER,
    input: linkCardSchema,
  }),
  command('card-requests.cancel', {
    summary: 'Cancel your card request while it is requested or needs action.',
    access: CUSTOMER,
    input: cancelCardRequestSchema,
  }),
  command('card-requests.start', { summary: 'Staff: requested → in progress.', access: CARDS, input: advanceCardRequestSchema }),
  command('card-requests.ship', {
    summary: 'Staff: in progress → in delivery (new cards).',
    access: CARDS,
    input: advanceCardRequestSchema,
  }),
  command('card-requests.needs-action', {
    summary: 'Staff: any open status → needs action, with a note to the customer.',
    access: CARDS,
    input: cardRequestNeedsActionSchema,
  }),
  command('card-requests.resume', {
    summary: 'Staff: needs action → the status it came from.',
    access: CARDS,
    input: advanceCardRequestSchema,
  }),
  command('card-requests.reject', {
    summary: 'Staff: reject an open request, with a reason.',
    access: CARDS,
    input: rejectCardRequestSchema,
  }),
  command('card-requests.deliver', {
    summary:
      'Staff: delivered (a new card, from in delivery) or verified (a card to link): issues the card ID (unique network-wide) with its issue date.',
    access: CARDS,
    input: deliverCardRequestSchema,
  }),
  command('cards.deactivate-own', {
    summary: 'Turn off a card of yours at once (lost or stolen): chargers refuse it from then on.',
    access: CUSTOMER,
    input: deactivateOwnCardSchema,
  }),
  command('cards.deactivate', { summary: 'Staff: turn a card off, with a reason.', access: CARDS, input: setCardStatusSchema }),
  command('cards.activate', { summary: 'Staff: turn a card back on, with a reason.', access: CARDS, input: setCardStatusSchema }),
  query('me.card-requests', '/api/queries/me/card-requests', {
    summary: 'Your card requests, newest first, with their timeline.',
    access: CUSTOMER,
    input: myCardRequestsQuerySchema,
    output: pagedSchema(cardRequestViewSchema),
  }),
  query('me.charging-cards', '/api/queries/me/charging-cards', {
    summary: 'Your charging cards.',
    access: CUSTOMER,
    input: myCardsQuerySchema,
    output: pagedSchema(cardViewSchema),
  }),
  query('card-requests.admin-list', '/api/queries/admin/card-requests', {
    summary: 'Card requests for staff: filters status, open, kind, governorate, created date range, text; format=csv.',
    access: CARDS,
    input: cardRequestsAdminQuerySchema,
    output: pagedSchema(cardRequestAdminViewSchema),
  }),
  query('card-requests.admin-get', '/api/queries/admin/card-requests/:requestId', {
    summary: 'One card request for staff, with its timeline and revision.',
    access: CARDS,
    params: z.object({ requestId: z.uuid() }),
    input: positionParamSchema,
    output: cardRequestAdminViewSchema,
  }),
  query('cards.admin-list', '/api/queries/admin/charging-cards', {
    summary: 'Charging cards for staff (customers.read or cards.manage): filters status, customer, text; format=csv.',
    access: privilege('customers.read'),
    input: cardsAdminQuerySchema,
    output: pagedSchema(cardAdminViewSchema),
  }),
);
