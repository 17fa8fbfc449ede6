import type { EventType, NotificationKind, NotificationView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection, ProjectionContext, RecordedEventOf } from '../runner/projection';
import { cairoDateKey } from '../shared/cairo-date';
import { PAYMENTS } from '../wallet/index';
import { readModel } from '../shared/read-model';
import { SESSIONS, type SessionDoc } from './sessions.projection';
import { READ_MODELS } from '../shared/read-models';

/** `_id` = `notificationId` = the id of the event it derives from. */
export type NotificationDoc = NotificationView & { _id: string; customerId: string; position: number };
export const NOTIFICATIONS = readModel<NotificationDoc>(READ_MODELS.notifications);

/** What a notification says, for whom and when: the rest of its document comes from the event it derives from. */
export interface NotificationNotice {
  customerId: string;
  kind: NotificationKind;
  params: NotificationView['params'];
  at: string;
}

/**
 * Files the notification an event means for its customer, in every context's shared shape: `_id` = the event's id
 * (a rebuild gives the same one) and `isSeen` set only on insert (a replay keeps it).
 */
export async function fileNotification(
  { documents, changed }: ProjectionContext,
  event: Pick<RecordedEventOf, 'eventId' | 'position'>,
  n: NotificationNotice,
): Promise<void> {
  await NOTIFICATIONS.in(documents).updateOne(
    { _id: event.eventId },
    {
      $set: {
        notificationId: event.eventId,
        customerId: n.customerId,
        kind: n.kind,
        params: n.params,
        incomingDate: n.at,
        dateKey: cairoDateKey(n.at),
        position: event.position,
      },
      $setOnInsert: { isSeen: false },
    },
    { upsert: true },
  );
  changed(READ_MODELS.notifications, event.eventId, [n.customerId]);
}

/** A handler filing the notification an event means for its customer, if any (`_id` = the event's id). */
function notify<K extends EventType>(
  derive: (event: RecordedEventOf<K>, documents: DocumentStore) => Promise<NotificationNotice | null>,
): EventHandler<K> {
  return async (event, { documents, changed }) => {
    const n = await derive(event, documents);
    if (!n) return;
    await fileNotification({ documents, changed }, event, n);
  };
}

// Sessions are read after the sessions projection applied the same event (allProjections' order). A refused start is
// not the customer's session: it tells them nothing.
const sessionOf = async (documents: DocumentStore, sessionId: string) => {
  const session = await SESSIONS.in(documents).findOne({ _id: sessionId });
  return session?.refusal ? null : session;
};
const stationParams = (s: SessionDoc) => ({ sessionId: s.sessionId, stationNameEn: s.stationNameEn, stationNameAr: s.stationNameAr });

const fromWallet = notify<'WalletCredited' | 'WalletDebited'>(async ({ type, data: tx }): Promise<NotificationNotice | null> => {
  if (type === 'WalletCredited' && tx.kind === 'top_up') {
    return {
      customerId: tx.customerId,
      kind: 'top_up_credited',
      params: { amount: tx.amount, paymentId: tx.reference.id, balanceAfter: tx.balanceAfter },
      at: tx.at,
    };
  }
  if (tx.kind !== 'adjustment') return null;
  const direction = type === 'WalletCredited' ? 'in' : 'out';
  return {
    customerId: tx.customerId,
    kind: 'wallet_adjusted',
    params: { amount: tx.amount, direction, reason: tx.reason, balanceAfter: tx.balanceAfter },
    at: tx.at,
  };
});

/**
 * `notifications`: derived, one per source event (`notificationId` = the source event id): session started,
 * stopped with cost and energy (or stopped for low balance), failed, top-up credited, payment failed, wallet
 * adjusted. `isSeen` only ever turns true (NotificationsSeen), so a replayed source event keeps it.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  collections: [READ_MODELS.notifications],
  async setup(documents) {
    const notifications = documents.collection(READ_MODELS.notifications);
    await notifications.createIndex({ customerId: 1, incomingDate: -1 });
    await notifications.createIndex({ customerId: 1, isSeen: 1 });
  },
  on: {
    SessionCharging: notify(async ({ data }, documents) => {
      const session = await sessionOf(documents, data.sessionId);
      return session && { customerId: session.customerId, kind: 'session_started', params: stationParams(session), at: data.at };
    }),
    SessionStartFailed: notify(async ({ data }, documents) => {
      const session = await sessionOf(documents, data.sessionId);
      return (
        session && {
          customerId: session.customerId,
          kind: 'session_failed',
          params: { ...stationParams(session), reason: data.reason },
          at: data.at,
        }
      );
    }),
    SessionBilled: notify(async ({ data }, documents) => {
      const session = await sessionOf(documents, data.sessionId);
      const kind = session?.stopReason === 'low_balance' ? 'session_stopped_low_balance' : 'session_stopped';
      return (
        session && {
          customerId: session.customerId,
          kind,
          params: { ...stationParams(session), cost: data.amount, energyWh: session.energyWh },
          at: data.at,
        }
      );
    }),
    WalletCredited: fromWallet,
    WalletDebited: fromWallet,
    PaymentFailed: notify(async ({ data }, documents) => {
      const payment = await PAYMENTS.in(documents).findOne({ _id: data.paymentId }, { projection: { amount: 1 } });
      return {
        customerId: data.customerId,
        kind: 'payment_failed',
        params: { paymentId: data.paymentId, amount: payment ? payment.amount : null, reason: data.reason },
        at: data.at,
      };
    }),
    async NotificationsSeen({ data, position }, { documents, changed }) {
      // 'all' means those the customer could have seen: derived before the fact, never later ones.
      const filter =
        data.notificationIds === 'all'
          ? { customerId: data.customerId, isSeen: false, position: { $lt: position } }
          : { customerId: data.customerId, _id: { $in: data.notificationIds } };
      const result = await NOTIFICATIONS.in(documents).updateMany(filter, { $set: { isSeen: true } });
      if (result.modifiedCount > 0) changed(READ_MODELS.notifications, undefined, [data.customerId]);
    },
  },
};
