// Contact's read model (requests with replies and comments) and the notification a reply writes.
export {
  CONTACT_REQUESTS,
  contactRequestsProjection,
  type ContactCommentDoc,
  type ContactReplyDoc,
  type ContactRequestDoc,
} from './contact-requests.projection';
export { contactNotificationsProjection } from './contact-notifications.projection';
