import { z } from 'zod';
import { expectedRevisionSchema } from '../shared/list-query';
import { idSchema } from '../shared/common';
import { LIMITS } from '../shared/constants';
import { normalizeDigits } from '../shared/digits';
import { egyptianMobileSchema } from '../identity/index';

export * from './statuses';

export const CARD_LIMITS = { referenceNameMin: 2, referenceNameMax: 40, noteMax: 500 } as const;

/**
 * A card ID as printed on the card: it is the OCPP idTag (1.6 CiString20; the same string is the 2.0.1 idToken), so 4
 * to 20 upper-case letters, digits and `-`. Typed in any case, with spaces, or with Eastern Arabic digits: normalised.
 */
export const cardIdSchema = z
  .string()
  .transform((v) => normalizeDigits(v).replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().refine((v) => /^[A-Z0-9-]{4,20}$/.test(v), { params: { code: 'card_id' } }));

const addressSchema = z.string().trim().min(LIMITS.addressMin).max(LIMITS.addressMax);
const referenceNameSchema = z.string().trim().min(CARD_LIMITS.referenceNameMin).max(CARD_LIMITS.referenceNameMax);
/** A note or reason staff write for the customer: required, not only spaces. */
const staffTextSchema = z
  .string()
  .trim()
  .max(CARD_LIMITS.noteMax)
  .refine((v) => v.length >= 3, { params: { code: 'reason_required' } });

/**
 * A new card, delivered (docs/rules.md §3, §5: an address of 3-300 characters). `sameAsHome`: delivered to the home
 * address, and `deliveryAddress` is not asked (the server copies the home address).
 */
export const requestCardSchema = z
  .strictObject({
    /** Client-generated uuid: a retried submit files nothing new. */
    requestId: z.uuid(),
    referenceName: referenceNameSchema,
    phone: egyptianMobileSchema,
    governorateId: idSchema,
    homeAddress: addressSchema,
    sameAsHome: z.boolean(),
    deliveryAddress: z.string().trim().max(LIMITS.addressMax).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.sameAsHome) return;
    const length = v.deliveryAddress?.length ?? 0;
    if (length < LIMITS.addressMin)
      ctx.addIssue({
        code: 'too_small',
        minimum: LIMITS.addressMin,
        origin: 'string',
        inclusive: true,
        path: ['deliveryAddress'],
        message: 'too short',
      });
  })
  .transform((v) => ({ ...v, deliveryAddress: v.sameAsHome ? v.homeAddress : (v.deliveryAddress ?? '') }));
export type RequestCard = z.output<typeof requestCardSchema>;

/** A card the customer already holds: staff verify the printed card ID, then it is theirs. */
export const linkCardSchema = z.strictObject({
  requestId: z.uuid(),
  cardId: cardIdSchema,
  referenceName: referenceNameSchema,
  phone: egyptianMobileSchema,
});
export type LinkCard = z.infer<typeof linkCardSchema>;

export const cancelCardRequestSchema = z.strictObject({ requestId: z.uuid() });

/** Staff status changes: each names the revision of the request the editor saw (409 when it moved). */
const staffChange = { requestId: z.uuid(), expectedRevision: expectedRevisionSchema };
/** in progress, in delivery, back from needs action: an optional note (kept in the history). */
export const advanceCardRequestSchema = z.strictObject({ ...staffChange, note: z.string().trim().max(CARD_LIMITS.noteMax).optional() });
/** needs action: the note tells the customer what is needed. */
export const cardRequestNeedsActionSchema = z.strictObject({ ...staffChange, note: staffTextSchema });
export const rejectCardRequestSchema = z.strictObject({ ...staffChange, reason: staffTextSchema });
/** YYYY-MM-DD, a Cairo calendar day (docs/rules.md §5: card ID and issue date required). */
export const issueDateSchema = z
  .string()
  .transform((v) => normalizeDigits(v).trim())
  .pipe(z.iso.date());
export const deliverCardRequestSchema = z.strictObject({
  ...staffChange,
  cardId: cardIdSchema,
  issueDate: issueDateSchema,
  note: z.string().trim().max(CARD_LIMITS.noteMax).optional(),
});
export type DeliverCardRequest = z.output<typeof deliverCardRequestSchema>;

/** Staff turn a card on or off, with a reason, against the revision they saw. */
export const setCardStatusSchema = z.strictObject({
  cardId: cardIdSchema,
  expectedRevision: expectedRevisionSchema,
  reason: staffTextSchema,
});
/** The customer turns off a card of theirs at once (lost, stolen): no revision, it is always allowed. */
export const deactivateOwnCardSchema = z.strictObject({ cardId: cardIdSchema });

/**
 * On `ocpp.id-token-changes` (keyed by idTag), published by the cards context when a card is turned off or on: every
 * gateway node replaces its cached Authorize answer for the tag at once (Blocked), or forgets it (Accepted).
 */
export const idTokenChangeSchema = z.object({ idTag: z.string(), status: z.enum(['Accepted', 'Blocked']), at: z.string() });
export type IdTokenChange = z.infer<typeof idTokenChangeSchema>;
/** The reason recorded when a customer turns off their own card (the screens translate it). */
export const CUSTOMER_DEACTIVATION_REASON = 'reported_lost';
