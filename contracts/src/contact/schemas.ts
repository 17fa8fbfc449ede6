import { z } from 'zod';
import { CONTACT_TYPES, LIMITS, LOCALES } from '../shared/constants';
import { lineTextSchema, multilineTextSchema } from '../shared/text';

export { CONTACT_TYPES };
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_STATUSES = ['new', 'needs_action', 'closed'] as const;

export const emailSchema = z.string().trim().min(LIMITS.emailMin).max(LIMITS.emailMax).pipe(z.email());

/** The public contact form (docs/rules.md §5): one schema for the form and the API. */
export const submitContactRequestSchema = z.strictObject({
  /** Client-generated uuid, so a retried submit is not filed twice. */
  requestId: z.uuid(),
  fullName: lineTextSchema(LIMITS.contactNameMin, LIMITS.contactNameMax),
  email: emailSchema,
  title: lineTextSchema(LIMITS.contactSubjectMin, LIMITS.contactSubjectMax),
  type: z.enum(CONTACT_TYPES),
  details: multilineTextSchema(1, LIMITS.contactDetailsMax),
  /** The page's language when it was sent: replies are mailed in it. */
  locale: z.enum(LOCALES).optional(),
});
export type SubmitContactRequest = z.infer<typeof submitContactRequestSchema>;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** What a manager writes: a reply (mailed to the requester) or an internal comment (managers only). */
const managerText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { params: { code: 'required' } });

/** A reply, mailed in the request's language, kept on the request and shown to the customer. Idempotent on replyId. */
export const replyContactRequestSchema = z.strictObject({
  requestId: z.uuid(),
  replyId: z.uuid(),
  message: managerText(LIMITS.contactReplyMax),
});
export type ReplyContactRequest = z.infer<typeof replyContactRequestSchema>;

/** An internal comment: visible to managers only, never to the customer or to other staff. Idempotent on commentId. */
export const commentContactRequestSchema = z.strictObject({
  requestId: z.uuid(),
  commentId: z.uuid(),
  text: managerText(LIMITS.contactCommentMax),
});
export type CommentContactRequest = z.infer<typeof commentContactRequestSchema>;

/** New, needs action or closed ("request status updated successfully"); closing is the status `closed`. */
export const setContactStatusSchema = z.strictObject({
  requestId: z.uuid(),
  status: z.enum(CONTACT_STATUSES),
  /** The revision the manager saw: another manager's change in between is a 409 (reload). */
  expectedRevision: z.number().int().min(0).optional(),
});
export type SetContactStatus = z.infer<typeof setContactStatusSchema>;

/** Mail a reply again whose mail could not be sent. */
export const resendContactReplySchema = z.strictObject({ requestId: z.uuid(), replyId: z.uuid() });
