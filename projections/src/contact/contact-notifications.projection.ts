import type { Projection } from '../runner/projection';
import { CONTACT_REQUESTS } from './contact-requests.projection';
import { fileNotification } from '../charging/index';

/**
 * A manager's reply to a signed-in customer's contact request is also a notification (kind `contact_replied`), in
 * the same `notifications` read model and of the same shape as the charging ones: `_id` = the reply event's id, so a
 * rebuild gives the same notification, and a replay keeps `isSeen`. Runs after `contact-requests` (it reads the
 * request's owner there). Requests from visitors notify nobody: the reply mail is all they get.
 */
export const contactNotificationsProjection: Projection = {
  name: 'contact-notifications',
  collections: [],
  async setup() {},
  on: {
    async ContactRequestReplied({ data, eventId, position }, { documents, changed }) {
      const request = await CONTACT_REQUESTS.in(documents).findOne({ _id: data.requestId }, { projection: { customerId: 1, title: 1 } });
      if (!request?.customerId) return;
      await fileNotification(
        { documents, changed },
        { eventId, position },
        {
          customerId: request.customerId,
          kind: 'contact_replied',
          params: { requestId: data.requestId, title: request.title },
          at: data.at,
        },
      );
    },
  },
};
