import { z } from 'zod';
import { CONTACT_TYPES, LIMITS } from '../constants';

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
  fullName: z.string().trim().min(LIMITS.contactNameMin).max(LIMITS.contactNameMax),
  email: emailSchema,
  title: z.string().trim().min(LIMITS.contactSubjectMin).max(LIMITS.contactSubjectMax),
  type: z.enum(CONTACT_TYPES),
  details: z.string().trim().min(1).max(LIMITS.contactDetailsMax),
});
export type SubmitContactRequest = z.infer<typeof submitContactRequestSchema>;
