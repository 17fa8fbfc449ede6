import type { PaymentEvent, PaymentView } from '@evc/contracts';
import type { EventHandler, Projection } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type PaymentDoc = PaymentView & { _id: string; customerId: string; position: number };
export const PAYMENTS = readModel<PaymentDoc>(READ_MODELS.payments);

/** The payment after one of its events (pure). */
export function evolvePayment(doc: PaymentDoc | null, e: PaymentEvent, position: number): PaymentDoc | null {
  if (e.type === 'PaymentInitiated') {
    const d = e.data;
    return {
      _id: d.paymentId,
      paymentId: d.paymentId,
      customerId: d.customerId,
      status: 'pending',
      amount: d.amount,
      provider: d.provider,
      checkoutUrl: d.checkoutUrl,
      failureReason: null,
      createdAt: d.at,
      settledAt: null,
      position,
    };
  }
  if (!doc) return null;
  switch (e.type) {
    case 'PaymentCompleted':
      // A completion may follow a declined attempt (the payer tried again on the same order).
      return { ...doc, status: 'completed', amount: e.data.amount, failureReason: null, settledAt: e.data.at, position };
    case 'PaymentCanceled':
      return { ...doc, status: 'canceled', settledAt: e.data.at, position };
    case 'PaymentFailed':
      return { ...doc, status: 'failed', failureReason: e.data.reason, settledAt: e.data.at, position };
  }
}

const applyPayment: EventHandler<PaymentEvent['type']> = async (event, { documents, changed }) => {
  const payments = PAYMENTS.in(documents);
  const existing = await payments.findOne({ _id: event.data.paymentId });
  if (existing && existing.position >= event.position) return; // a replay after a crash
  const next = evolvePayment(existing, event, event.position);
  if (!next) return;
  await payments.replaceOne({ _id: next._id }, next, { upsert: true });
  changed(READ_MODELS.payments, next._id, [next.customerId]);
};

/** `payments`: each top-up payment with its status, for me.payment (the customer's own only). */
export const paymentsProjection: Projection = {
  name: 'payments',
  collections: [READ_MODELS.payments],
  async setup(documents) {
    await documents.collection(READ_MODELS.payments).createIndex({ customerId: 1, createdAt: -1 });
  },
  on: { PaymentInitiated: applyPayment, PaymentCompleted: applyPayment, PaymentCanceled: applyPayment, PaymentFailed: applyPayment },
};
