import { z } from 'zod';
import { CONTACT_TYPES, LIMITS } from '../constants';
import { lineTextSchema, multilineTextSchema } from '../text';

export { CONTACT_TYPES };
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_STATUSES = ['new', 'needs_action', 'closed'] as const;

export const emailSchema = z
  .string()
  .trim()
  .min(LIMITS.emailMin)
  .max(LIMITS.emailMax)
  .pipe(z.email());

/** The public contact form (product-spec §2, §5): one schema for the form and the API. */
export const submitContactRequestSchema = z.strictObject({
  /** Client-generated uuid, so a retried submit is not filed twice. */
  requestId: z.uuid(),
  fullName: lineTextSchema(LIMITS.contactNameMin, LIMITS.contactNameMax),
  email: emailSchema,
  title: lineTextSchema(LIMITS.contactSubjectMin, LIMITS.contactSubjectMax),
  type: z.enum(CONTACT_TYPES),
  details: multilineTextSchema(1, LIMITS.contactDetailsMax),
});
export type SubmitContactRequest = z.infer<typeof submitContactRequestSchema>;
