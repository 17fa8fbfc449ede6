import type { SubmitContactRequest } from './schemas';

export const contactStreams = { request: (id: string) => `contact-request-${id}` };

/** `contact-request-<id>`: a visitor's message, filed once per client-generated request id. */
export type ContactRequestSubmitted = { type: 'ContactRequestSubmitted'; data: SubmitContactRequest };

export type ContactEvent = ContactRequestSubmitted;
