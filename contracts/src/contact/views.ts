import { z } from 'zod';
import { adminListQuerySchema } from '../shared/list-query';
import { pagingQuerySchema } from '../shared/api';
import { CONTACT_STATUSES, CONTACT_TYPES } from './schemas';

const authorSchema = z.object({ id: z.string(), name: z.string().nullable() });
const DELIVERIES = ['pending', 'sent', 'failed'] as const;

/** A contact request in the managers' list (contact.manage). */
export const contactRequestRowSchema = z.object({
  requestId: z.string(),
  fullName: z.string(),
  email: z.string(),
  title: z.string(),
  type: z.enum(CONTACT_TYPES),
  status: z.enum(CONTACT_STATUSES),
  /** The signed-in customer who sent it; null for a visitor. */
  customerId: z.string().nullable(),
  locale: z.enum(['en', 'ar']),
  replyCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactRequestRow = z.infer<typeof contactRequestRowSchema>;

export const contactReplyViewSchema = z.object({
  replyId: z.string(),
  message: z.string(),
  at: z.string(),
  by: authorSchema,
  /** The reply's mail: pending until the mail port answered, then sent or failed (a failed one can be sent again). */
  delivery: z.enum(DELIVERIES),
});
export type ContactReplyView = z.infer<typeof contactReplyViewSchema>;

/** An internal comment: only ever in the managers' detail. */
export const contactCommentViewSchema = z.object({ commentId: z.string(), text: z.string(), at: z.string(), by: authorSchema });
export type ContactCommentView = z.infer<typeof contactCommentViewSchema>;

/** One request as managers see it: the message, the replies and the internal comments. */
export const contactRequestDetailSchema = contactRequestRowSchema.extend({
  details: z.string(),
  replies: z.array(contactReplyViewSchema),
  comments: z.array(contactCommentViewSchema),
  /** The stream's revision (set-status sends it back as expectedRevision). */
  revision: z.number().int(),
});
export type ContactRequestDetail = z.infer<typeof contactRequestDetailSchema>;

/** A customer's own request: their message, its status and the replies (never the comments, never who replied). */
export const myContactRequestSchema = z.object({
  requestId: z.string(),
  title: z.string(),
  type: z.enum(CONTACT_TYPES),
  details: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  replies: z.array(z.object({ replyId: z.string(), message: z.string(), at: z.string() })),
});
export type MyContactRequest = z.infer<typeof myContactRequestSchema>;

/** The managers' list: the admin list parameters plus status, type and the created date range (Cairo days). */
export const adminContactQuerySchema = adminListQuerySchema.extend({
  status: z.enum(CONTACT_STATUSES).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AdminContactQuery = z.infer<typeof adminContactQuerySchema>;

export const myContactRequestsQuerySchema = pagingQuerySchema;
