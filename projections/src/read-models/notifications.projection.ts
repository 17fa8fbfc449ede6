import type { NotificationKind, NotificationsSeen, PaymentFailed, SessionBilled, SessionStartFailed, WalletEvent } from '@evc/contracts';
import type { Doc, DocumentStore, RecordedEvent } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { cairoDateKey } from './cairo-date';
import { CHARGING_RM } from './charging-collections';

type Params = Record<string, string | number | null>;
export interface NotificationDoc extends Doc {
  _id: string;
  notificationId: string;
  customerId: string;
  kind: NotificationKind;
  params: Params;
  isSeen: boolean;
  incomingDate: string;
  dateKey: string;
  position: number;
}
interface Derived {
  customerId: string;
  kind: NotificationKind;
  params: Params;
  at: string;
}

const stationParams = (s: Doc) => ({ sessionId: String(s.sessionId), stationNameEn: String(s.stationNameEn ?? ''), stationNameAr: String(s.stationNameAr ?? '') });

/** The notification an event means for its customer, if any (sessions are read after the sessions projection ran). */
async function derive(event: RecordedEvent, documents: DocumentStore): Promise<Derived | null> {
  const data = event.data as { sessionId?: string; at: string };
  if (data.sessionId) {
    const session = await documents.collection(CHARGING_RM.sessions).findOne({ _id: data.sessionId });
    if (!session) return null;
    const customerId = String(session.customerId);
    switch (event.type) {
      case 'SessionCharging':
        return { customerId, kind: 'session_started', params: stationParams(session), at: data.at };
      case 'SessionStartFailed':
        return { customerId, kind: 'session_failed', params: { ...stationParams(session), reason: (event.data as SessionStartFailed['data']).reason }, at: data.at };
      default: {
        const billed = event.data as SessionBilled['data'];
        const kind = session.stopReason === 'low_balance' ? 'session_stopped_low_balance' : 'session_stopped';
        return { customerId, kind, params: { ...stationParams(session), cost: billed.amount, energyWh: Number(session.energyWh ?? 0) }, at: billed.at };
      }
    }
  }
  if (event.type === 'PaymentFailed') {
    const d = event.data as PaymentFailed['data'];
    const payment = await documents.collection(CHARGING_RM.payments).findOne({ _id: d.paymentId }, { projection: { amount: 1 } });
    return { customerId: d.customerId, kind: 'payment_failed', params: { paymentId: d.paymentId, amount: typeof payment?.amount === 'number' ? payment.amount : null, reason: d.reason }, at: d.at };
  }
  const tx = (event as unknown as WalletEvent).data;
  if (event.type === 'WalletCredited' && tx.kind === 'top_up') {
    return { customerId: tx.customerId, kind: 'top_up_credited', params: { amount: tx.amount, paymentId: tx.reference.id, balanceAfter: tx.balanceAfter }, at: tx.at };
  }
  if (tx.kind === 'adjustment') {
    const direction = event.type === 'WalletCredited' ? 'in' : 'out';
    return { customerId: tx.customerId, kind: 'wallet_adjusted', params: { amount: tx.amount, direction, reason: tx.reason, balanceAfter: tx.balanceAfter }, at: tx.at };
  }
  return null;
}

async function markSeen(event: RecordedEvent, documents: DocumentStore) {
  const d = event.data as NotificationsSeen['data'];
  // 'all' means those the customer could have seen: derived before the fact, never later ones.
  const filter = d.notificationIds === 'all' ? { customerId: d.customerId, isSeen: false, position: { $lt: event.position } } : { customerId: d.customerId, _id: { $in: d.notificationIds } };
  return documents.collection(CHARGING_RM.notifications).updateMany(filter, { $set: { isSeen: true } });
}

/**
 * `notifications`: derived, one per source event (`notificationId` = the source event id): session started,
 * stopped with cost and energy (or stopped for low balance), failed, top-up credited, payment failed, wallet
 * adjusted. `isSeen` only ever turns true (NotificationsSeen), so a replayed source event keeps it.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  collections: [CHARGING_RM.notifications],
  handles: ['SessionCharging', 'SessionBilled', 'SessionStartFailed', 'WalletCredited', 'WalletDebited', 'PaymentFailed', 'NotificationsSeen'],
  async setup(documents) {
    const notifications = documents.collection(CHARGING_RM.notifications);
    await notifications.createIndex({ customerId: 1, incomingDate: -1 });
    await notifications.createIndex({ customerId: 1, isSeen: 1 });
  },
  async apply(event, { documents, changed }) {
    if (event.type === 'NotificationsSeen') {
      const customerId = (event.data as NotificationsSeen['data']).customerId;
      if ((await markSeen(event, documents)).modifiedCount > 0) changed(CHARGING_RM.notifications, undefined, [customerId]);
      return;
    }
    const n = await derive(event, documents);
    if (!n) return;
    await documents.collection(CHARGING_RM.notifications).updateOne(
      { _id: event.eventId },
      {
        $set: { notificationId: event.eventId, customerId: n.customerId, kind: n.kind, params: n.params, incomingDate: n.at, dateKey: cairoDateKey(n.at), position: event.position },
        $setOnInsert: { isSeen: false },
      },
      { upsert: true },
    );
    changed(CHARGING_RM.notifications, event.eventId, [n.customerId]);
  },
};
