/** Read models of the cards context, shared by projections and queries. */
export const CARDS_RM = {
  /** One document per card request (the staff view with its timeline); the admin dashboard counts open ones. */
  cardRequests: 'card_requests',
  /** One document per card (its ID), with owner and status. */
  cards: 'cards',
} as const;
