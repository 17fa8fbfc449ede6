import type { EventType } from '@evc/contracts';
import type { EventHandler, Projection, RecordedEventOf } from '../runner/projection';
import { fileNotification, type NotificationNotice } from '../charging/index';

/** Files the notification an event means for its customer (`_id` = the event id), in the shared `notifications`. */
function notify<K extends EventType>(derive: (event: RecordedEventOf<K>) => NotificationNotice): EventHandler<K> {
  return async (event, { documents, changed }) => {
    const n = derive(event);
    await fileNotification({ documents, changed }, event, n);
  };
}

const requestStatus = notify<
  | 'CardRequested'
  | 'CardRequestAdvanced'
  | 'CardRequestNeedsAction'
  | 'CardRequestRejected'
  | 'CardRequestCanceled'
  | 'CardRequestDelivered'
>(({ data: d }) => ({
  customerId: d.customerId,
  kind: 'card_request_status',
  params: {
    requestId: d.requestId,
    status: d.status,
    note: 'reason' in d ? d.reason : 'note' in d ? d.note : null,
    cardId: 'cardId' in d ? d.cardId : null,
  },
  at: d.at,
}));

const cardStatus = notify<'CardDeactivated' | 'CardActivated'>(({ type, data: d }) => ({
  customerId: d.customerId,
  kind: 'card_status',
  params: { cardId: d.cardId, status: type === 'CardActivated' ? 'active' : 'inactive', reason: d.reason },
  at: d.at,
}));

/**
 * The cards context's notifications, written into the shared `notifications` read model in its shape (`_id` = the
 * source event id, so a rebuild gives the same ones, and `isSeen` survives a replay): every status change of a card
 * request (with the note or reason, and the card ID once delivered), and a card turned off or on.
 */
export const cardNotificationsProjection: Projection = {
  name: 'card-notifications',
  collections: [],
  setup: async () => undefined,
  on: {
    CardRequested: requestStatus,
    CardRequestAdvanced: requestStatus,
    CardRequestNeedsAction: requestStatus,
    CardRequestRejected: requestStatus,
    CardRequestCanceled: requestStatus,
    CardRequestDelivered: requestStatus,
    CardDeactivated: cardStatus,
    CardActivated: cardStatus,
  },
};
