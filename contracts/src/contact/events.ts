import type { Locale } from '../shared/constants';
import type { ContactStatus, SubmitContactRequest } from './schemas';

export const contactStreams = { request: (id: string) => `contact-request-${id}` };

/**
 * `contact-request-<id>`: a visitor's message, filed once per client-generated request id. `customerId` links it to
 * the signed-in customer who sent it (absent for a visitor, and on requests filed before they were linked).
 */
export type ContactRequestSubmitted = { type: 'ContactRequestSubmitted'; data: SubmitContactRequest & { customerId?: string } };

/** A manager's reply: kept on the request, mailed to `to` in `locale`, shown to the linked customer. */
export type ContactRequestReplied = {
  type: 'ContactRequestReplied';
  data: { requestId: string; replyId: string; message: string; to: string; locale: Locale; at: string };
};

/** What became of a reply's mail (the Mailer port's answer); a failed one may be sent again. */
export type ContactReplyDelivered = {
  type: 'ContactReplyDelivered';
  data: { requestId: string; replyId: string; outcome: 'sent' | 'failed'; error: string | null; at: string };
};

/** An internal comment: managers only. Never copied into a customer's or another staff member's answer. */
export type ContactRequestCommented = {
  type: 'ContactRequestCommented';
  data: { requestId: string; commentId: string; text: string; at: string };
};

export type ContactRequestStatusChanged = {
  type: 'ContactRequestStatusChanged';
  data: { requestId: string; status: ContactStatus; from: ContactStatus; at: string };
};

export type ContactEvent =
  | ContactRequestSubmitted
  | ContactRequestReplied
  | ContactReplyDelivered
  | ContactRequestCommented
  | ContactRequestStatusChanged;
