/** The contact context: contact requests from the public form, and the managers' replies, comments and statuses. */
export { contactContext } from './contact.context';
export { contactReplyMail } from './contact-mail';
