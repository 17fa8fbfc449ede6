import type { SubmitContactRequest } from '@evc/contracts';
import { createOnceDecider } from '../shared/create-once.decider';

/** A retried submit with the same requestId and content files nothing new. */
export const contactRequestDecider = createOnceDecider<'ContactRequestSubmitted', SubmitContactRequest>(
  'ContactRequestSubmitted',
  'contact.request_exists',
);
