import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { chargingStreams, egpToPiastres, type TopUpResult } from '@evc/contracts';
import { systemClock, type EventStore } from '@evc/platform';
import type { PaymentsSetup } from '@evc/platform/payments/index';
import { loadAccount } from '../identity/index';
import { DomainError } from '../shared/domain-error';
import { runDecider } from '../shared/run-decider';
import { EVENT_STORE } from '../shared/tokens';
import { loadPayment } from './load-payment';
import { paymentDecider } from './payment.decider';
import { PAYMENTS } from './payments.tokens';

/**
 * Start a top-up: ask the provider for a checkout, record PaymentInitiated, answer the checkout URL. The wallet is
 * credited only from a verified callback. A retried request (same payment id) answers the checkout it already has.
 */
@HandlesCommand('wallet.top-up')
export class StartTopUpHandler implements OperationHandler<'wallet.top-up'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENTS) private readonly payments: PaymentsSetup | null,
  ) {}

  async execute({ payload, context }: OperationCommand<'wallet.top-up'>): Promise<TopUpResult> {
    if (!this.payments) throw new DomainError('payments.provider_unavailable', 'Payments are not configured');
    const { provider, publicBaseUrl } = this.payments;
    const customerId = context.actor.id;
    const { paymentId } = payload;
    const amount = egpToPiastres(payload.amountEgp);
    const streamId = chargingStreams.payment(paymentId);
    let data = (await loadPayment(this.store, paymentId)).initiated;
    if (!data) {
      const account = await loadAccount(this.store, customerId);
      const checkout = await provider.createCheckout({
        paymentId,
        amount,
        customer: {
          name: `${account.firstName} ${account.lastName}`.trim(),
          email: account.email,
          ...(account.phone ? { phone: account.phone } : {}),
        },
        returnUrl: `${publicBaseUrl}/api/payments/${provider.name}/return`,
        callbackUrl: `${publicBaseUrl}/api/payments/${provider.name}/callback`,
      });
      data = { paymentId, customerId, amount, provider: provider.name, ...checkout, at: systemClock.now().toISOString() };
    }
    // A payment of another customer or amount under this id is refused here; a retry records nothing.
    const result = await runDecider(
      this.store,
      streamId,
      paymentDecider,
      { kind: 'initiate', data: { ...data, customerId, amount } },
      { ...context, reason: 'top_up' },
    );
    const stored = (await loadPayment(this.store, paymentId)).initiated!;
    // The sandbox page needs its capability, answered here to the customer who started the payment only.
    const checkoutUrl =
      stored.provider === 'sandbox' && this.payments.sandbox ? this.payments.sandbox.payerCheckoutUrl(paymentId) : stored.checkoutUrl;
    return { ...result, paymentId, checkoutUrl };
  }
}
