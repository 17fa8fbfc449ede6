import { chargingStreams } from '@evc/contracts';
import type { EventStore } from '@evc/platform';
import { loadState } from '../shared/load-state';
import { paymentDecider } from './payment.decider';

export const loadPayment = (store: EventStore, paymentId: string) =>
  loadState(store, chargingStreams.payment(paymentId), paymentDecider).then((s) => s.state);
