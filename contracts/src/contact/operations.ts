import { z } from 'zod';
import { commandResultSchema, pagedSchema } from '../shared/api';
import { CUSTOMER, PUBLIC, command, group, positionParamSchema, privilege, query } from '../shared/operation';
import {
  commentContactRequestSchema,
  replyContactRequestSchema,
  resendContactReplySchema,
  setContactStatusSchema,
  submitContactRequestSchema,
} from './schemas';
import {
  adminContactQuerySchema,
  contactRequestDetailSchema,
  contactRequestRowSchema,
  myContactRequestSchema,
  myContactRequestsQuerySchema,
} from './views';

const MANAGE = privilege('contact.manage');

/** The public contact form, the customer's own requests, and the managers' inbox. */
export const contactOperations = group(
  command('contact-requests.submit', {
    summary: 'Submit the public contact form; files a contact request for staff (linked to the signed-in customer, if any).',
    access: PUBLIC,
    input: submitContactRequestSchema,
    output: commandResultSchema,
  }),
  command('contact-requests.reply', {
    summary: "Reply by e-mail in the request's language; the reply is kept on the request, shown to the customer and notified.",
    access: MANAGE,
    input: replyContactRequestSchema,
  }),
  command('contact-requests.resend-reply', {
    summary: 'Mail a reply again whose mail failed.',
    access: MANAGE,
    input: resendContactReplySchema,
  }),
  command('contact-requests.comment', {
    summary: 'Add an internal comment (managers only; never shown to the customer).',
    access: MANAGE,
    input: commentContactRequestSchema,
  }),
  command('contact-requests.set-status', {
    summary: 'Set the status: new, needs action or closed.',
    access: MANAGE,
    input: setContactStatusSchema,
  }),
  query('contact-requests.admin-list', '/api/queries/admin/contact-requests', {
    summary: 'Contact requests with filters (status, type, date) and search; CSV with format=csv.',
    access: MANAGE,
    input: adminContactQuerySchema,
    output: pagedSchema(contactRequestRowSchema),
  }),
  query('contact-requests.admin-get', '/api/queries/admin/contact-requests/:requestId', {
    summary: 'One contact request with its replies and internal comments.',
    access: MANAGE,
    params: z.object({ requestId: z.uuid() }),
    input: positionParamSchema,
    output: contactRequestDetailSchema,
  }),
  query('me.contact-requests', '/api/queries/me/contact-requests', {
    summary: 'Your contact requests with their status and replies, newest first.',
    access: CUSTOMER,
    input: myContactRequestsQuerySchema,
    output: pagedSchema(myContactRequestSchema),
  }),
);
