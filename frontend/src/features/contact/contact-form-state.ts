import { submitContactRequestSchema, type ContactType, type SubmitContactRequest } from '@evc/contracts/contact';
import { toFieldErrors, type FieldError } from '@evc/contracts/shared';

export interface ContactValues {
  fullName: string;
  email: string;
  title: string;
  type: ContactType | '';
  details: string;
}

export type FieldErrors = Partial<Record<keyof ContactValues | string, FieldError>>;

export const emptyContact = (type?: ContactType): ContactValues => ({
  fullName: '',
  email: '',
  title: '',
  type: type ?? '',
  details: '',
});

/** First error per field, keyed by its top-level path. */
export function byField(errors: FieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = e.path.split('.')[0] || '_form';
    out[key] ??= e;
  }
  return out;
}

/** Validates with the contract's schema: the same rules the server applies. */
export function validateContact(
  values: ContactValues,
  requestId: string,
): { ok: true; body: SubmitContactRequest } | { ok: false; errors: FieldErrors } {
  const parsed = submitContactRequestSchema.safeParse({ ...values, requestId });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: byField(toFieldErrors(parsed.error)) };
}
