import { z } from 'zod';
import { adminListQuerySchema } from '../shared/list-query';
import { pagingQuerySchema } from '../shared/api';
import { idSchema } from '../shared/common';
import { CARD_REQUEST_KINDS, CARD_REQUEST_STATUSES, CARD_STATUSES } from './statuses';

/** One status change of a request, as its timeline shows it (the note or reason the customer was given). */
export const cardRequestStepSchema = z.object({
  status: z.enum(CARD_REQUEST_STATUSES),
  at: z.string(),
  note: z.string().nullable(),
  /** customer, staff or system; staff see the name too. */
  actorType: z.string(),
  actorName: z.string().nullable(),
});
export type CardRequestStep = z.infer<typeof cardRequestStepSchema>;

/** A card request as its customer sees it (docs/rules.md §3: id, created date, status, delivery address). */
export const cardRequestViewSchema = z.object({
  requestId: z.string(),
  kind: z.enum(CARD_REQUEST_KINDS),
  status: z.enum(CARD_REQUEST_STATUSES),
  referenceName: z.string(),
  phone: z.string(),
  governorateId: z.string().nullable(),
  governorateNameEn: z.string().nullable(),
  governorateNameAr: z.string().nullable(),
  homeAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  sameAsHome: z.boolean(),
  /** The card to link (kind link), or the card delivered. */
  cardId: z.string().nullable(),
  issueDate: z.string().nullable(),
  /** The latest note or reason staff gave the customer (needs action, rejected), if any. */
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(cardRequestStepSchema),
});
export type CardRequestView = z.infer<typeof cardRequestViewSchema>;

/** The same for staff (cards.manage): who asked, and the revision status changes name. */
export const cardRequestAdminViewSchema = cardRequestViewSchema.extend({
  customerId: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  revision: z.number().int(),
});
export type CardRequestAdminView = z.infer<typeof cardRequestAdminViewSchema>;

/** A charging card in the customer's account (docs/rules.md §3: card ID, reference name, issue date, status). */
export const cardViewSchema = z.object({
  cardId: z.string(),
  referenceName: z.string(),
  issueDate: z.string(),
  status: z.enum(CARD_STATUSES),
  origin: z.enum(['delivered', 'linked', 'seed']),
  requestId: z.string().nullable(),
  /** Why it was last turned off or on, and when. */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
});
export type CardView = z.infer<typeof cardViewSchema>;

export const cardAdminViewSchema = cardViewSchema.extend({
  customerId: z.string(),
  customerName: z.string().nullable(),
  revision: z.number().int(),
});
export type CardAdminView = z.infer<typeof cardAdminViewSchema>;

export const myCardRequestsQuerySchema = pagingQuerySchema;
export const myCardsQuerySchema = pagingQuerySchema;

const dateBound = z.iso.datetime().or(z.iso.date()).optional();
/** The staff list: status, kind, governorate, created-date range (a date is a Cairo calendar day, `to` inclusive). */
export const cardRequestsAdminQuerySchema = adminListQuerySchema.extend({
  status: z.enum(CARD_REQUEST_STATUSES).optional(),
  /** `open`: every status still in the workflow (the dashboard's count). */
  open: z.enum(['true', 'false']).optional(),
  kind: z.enum(CARD_REQUEST_KINDS).optional(),
  governorateId: idSchema.optional(),
  customerId: z.string().max(64).optional(),
  from: dateBound,
  to: dateBound,
});
export type CardRequestsAdminQuery = z.infer<typeof cardRequestsAdminQuerySchema>;

export const cardsAdminQuerySchema = adminListQuerySchema.extend({
  status: z.enum(CARD_STATUSES).optional(),
  customerId: z.string().max(64).optional(),
});
export type CardsAdminQuery = z.infer<typeof cardsAdminQuerySchema>;
