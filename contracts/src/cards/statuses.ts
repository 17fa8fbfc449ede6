/**
 * Card request and card statuses (docs/rules.md §4): requested → in_progress → in_delivery →
 * delivered; needs_action from any open status and back; rejected by staff while open; canceled by the customer while
 * requested or needs_action. Kept free of zod: lists and screens import them.
 */
export const CARD_REQUEST_STATUSES = [
  'requested',
  'in_progress',
  'needs_action',
  'in_delivery',
  'delivered',
  'rejected',
  'canceled',
] as const;
/** A request still in the workflow (one at a time per customer). */
export const OPEN_CARD_REQUEST_STATUSES = ['requested', 'in_progress', 'needs_action', 'in_delivery'] as const;
/** `new`: a card to deliver; `link`: a card the customer already holds, verified by staff. */
export const CARD_REQUEST_KINDS = ['new', 'link'] as const;
export const CARD_STATUSES = ['active', 'inactive'] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];
export type CardRequestKind = (typeof CARD_REQUEST_KINDS)[number];
export type CardStatus = (typeof CARD_STATUSES)[number];
export const isOpenCardRequest = (status: CardRequestStatus): boolean => (OPEN_CARD_REQUEST_STATUSES as readonly string[]).includes(status);
/** Notifications the cards context derives: a request's status changed; a card was turned off or on. */
export const CARD_NOTIFICATION_KINDS = ['card_request_status', 'card_status'] as const;
