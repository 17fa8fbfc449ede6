import { randomUUID } from 'node:crypto';
import { chargingStreams, itemCause, type PaymentProviderName } from '@evc/contracts';
import { systemClock, type EventStore } from '@evc/platform';
import type { VerifiedCallback } from '@evc/platform/payments/index';
import { createLogger } from '@evc/platform/logging/logger';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { runDecider } from '../shared/run-decider';
import type { WalletLedger } from './wallet-ledger';
import { loadPayment } from './load-payment';
import { paymentDecider, type PaymentCommand } from './payment.decider';

const log = createLogger('payments');

/**
 * A verified provider callback → the payment's outcome, then (completed) the wallet credit `payment:<id>`. Each step
 * is idempotent, so the same callback N times credits once; the credit is retried by any later callback when a crash
 * came between the two steps. A callback that is not verified, names an unknown payment, another provider order or
 * another amount records nothing.
 */
export class PaymentCallbacks {
  constructor(
    private readonly store: EventStore,
    private readonly ledger: WalletLedger,
  ) {}

  async handle(verified: VerifiedCallback | null, provider: PaymentProviderName): Promise<{ accepted: boolean }> {
    if (!verified) {
      log.warn('payment callback refused: the signature does not check out', { provider });
      return { accepted: false };
    }
    const { paymentId } = verified;
    const payment = await loadPayment(this.store, paymentId);
    const initiated = payment.initiated;
    if (!initiated || initiated.provider !== provider || initiated.providerRef !== verified.providerRef) {
      log.warn('payment callback refused: unknown payment or provider order', { provider, paymentId });
      return { accepted: false };
    }
    if (verified.outcome === 'pending') return { accepted: true };
    const { customerId } = initiated;
    const at = systemClock.now().toISOString();
    // Caused by the payment (contracts/src/shared/causation.ts): its outcome and the credit join the payment's chain.
    const context: CommandContext = {
      actor: { type: 'system', id: `payments-${provider}` },
      correlationId: randomUUID(),
      causationId: itemCause('payment', paymentId),
      reason: `${provider} callback: ${verified.outcome}`,
    };
    const command: PaymentCommand =
      verified.outcome === 'completed'
        ? {
            kind: 'complete',
            data: { paymentId, customerId, amount: verified.amountPiastres, providerTransactionId: verified.providerTransactionId, at },
          }
        : verified.outcome === 'canceled'
          ? { kind: 'cancel', data: { paymentId, customerId, at } }
          : { kind: 'fail', data: { paymentId, customerId, reason: verified.reason ?? 'declined', at } };
    try {
      await runDecider(this.store, chargingStreams.payment(paymentId), paymentDecider, command, context);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'payments.invalid_callback') {
        log.warn('payment callback refused: the amount differs from the payment', { provider, paymentId });
        return { accepted: false };
      }
      throw error;
    }
    if ((await loadPayment(this.store, paymentId)).outcome === 'completed') {
      await this.ledger.record(
        customerId,
        {
          transactionId: `payment:${paymentId}`,
          direction: 'credit',
          amount: initiated.amount,
          kind: 'top_up',
          reference: { type: 'payment', id: paymentId },
          reason: 'top_up',
        },
        context,
      );
    }
    return { accepted: true };
  }
}
