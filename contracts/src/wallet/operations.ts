import { z } from 'zod';
import { CUSTOMER, PUBLIC, command, dedicated, group, positionParamSchema, privilege, query } from '../shared/operation';
import { adjustWalletSchema, startTopUpSchema } from './schemas';
import { paymentViewSchema, topUpResultSchema, walletQuerySchema, walletViewSchema } from './views';

const paymentIdParams = z.object({ paymentId: z.uuid() });

/**
 * The wallet and its payments. Provider callbacks, the provider's return and the sandbox checkout are
 * served by the payments controller of the command side (they answer redirects and HTML, not JSON).
 */
export const walletOperations = group(
  command('wallet.top-up', {
    summary: 'Start a top-up: answers the checkout URL of the payment provider; the wallet is credited only from the verified callback.',
    access: CUSTOMER,
    input: startTopUpSchema,
    output: topUpResultSchema,
  }),
  command('wallet.adjust', {
    summary: "Add to or deduct from a customer's wallet, with a reason (a deduction never takes it below zero).",
    access: privilege('wallet.adjust'),
    input: adjustWalletSchema,
  }),
  query('me.wallet', '/api/queries/me/wallet', {
    summary: 'Your balance and transactions grouped by day.',
    access: CUSTOMER,
    input: walletQuerySchema,
    output: walletViewSchema,
  }),
  query('me.payment', '/api/queries/me/payments/:paymentId', {
    summary: 'One of your payments: pending, completed, canceled or failed.',
    access: CUSTOMER,
    params: paymentIdParams,
    input: positionParamSchema,
    output: paymentViewSchema,
  }),
  query('wallets.admin-get', '/api/queries/admin/customers/:customerId/wallet', {
    summary: "A customer's wallet, the same history the customer sees.",
    access: privilege('customers.read'),
    input: walletQuerySchema,
    params: z.object({ customerId: z.string().max(64) }),
    output: walletViewSchema,
  }),
  dedicated({
    id: 'payments.paymob-callback',
    kind: 'command',
    method: 'POST',
    path: '/api/payments/paymob/callback',
    summary: "Paymob's transaction-processed callback; verified by HMAC-SHA512 (?hmac=) before anything is recorded.",
    access: PUBLIC,
    output: z.object({ accepted: z.boolean() }),
  } as const),
  dedicated({
    id: 'payments.paymob-return',
    kind: 'query',
    method: 'GET',
    path: '/api/payments/paymob/return',
    summary: "Where Paymob's checkout sends the payer back: verified like the callback, then redirected to the wallet.",
    access: PUBLIC,
    output: z.unknown(),
  } as const),
  dedicated({
    id: 'payments.sandbox-checkout',
    kind: 'query',
    method: 'GET',
    path: '/api/payments/sandbox/:paymentId',
    summary:
      "The embedded sandbox provider's checkout page (its `t` capability is in the checkout URL answered to the payer; without it: 404): the payer chooses success, cancel or failure, and may try again after a failure.",
    access: PUBLIC,
    params: paymentIdParams,
    output: z.unknown(),
  } as const),
  dedicated({
    id: 'payments.sandbox-complete',
    kind: 'command',
    method: 'POST',
    path: '/api/payments/sandbox/:paymentId',
    summary: "The sandbox checkout page's form: signs the outcome like a provider callback, then redirects back to the wallet.",
    access: PUBLIC,
    params: paymentIdParams,
    output: z.unknown(),
  } as const),
);
