import { z } from 'zod';
import { cursorSchema, pagingQuerySchema } from '../shared/api';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, WALLET_TX_KINDS } from './schemas';

const actorView = z.object({ type: z.string(), id: z.string(), name: z.string().nullable() });

export const walletTxViewSchema = z.object({
  transactionId: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  kind: z.enum(WALLET_TX_KINDS),
  reason: z.string(),
  /** What it links to: a session, a payment, a booking, or a staff adjustment. */
  reference: z.object({ type: z.enum(['session', 'payment', 'adjustment', 'booking']), id: z.string() }),
  creator: actorView,
  createdDate: z.string(),
});
export type WalletTxView = z.infer<typeof walletTxViewSchema>;

/** The wallet (docs/rules.md §3): balance, transactions grouped by day (Cairo time, newest first), totalCount. */
export const walletViewSchema = z.object({
  balance: z.number().int(),
  totalCount: z.number().int(),
  transactionsDates: z.array(z.object({ date: z.string(), transactions: z.array(walletTxViewSchema) })),
  /** Pass it as `cursor` for the older lines (null: none). */
  nextCursor: z.string().nullable(),
});
export type WalletView = z.infer<typeof walletViewSchema>;

/** The wallet history's filters: every line, money in, money out. */
export const WALLET_FILTERS = ['all', 'incoming', 'outgoing'] as const;
export const walletQuerySchema = pagingQuerySchema.extend({
  filter: z.enum(WALLET_FILTERS).default('all'),
  cursor: cursorSchema.optional(),
});
export type WalletQuery = z.infer<typeof walletQuerySchema>;

export const paymentViewSchema = z.object({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  checkoutUrl: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** What `wallet.top-up` answers: open `checkoutUrl`; the outcome shows in me.payment. */
export const topUpResultSchema = z.object({
  streamId: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
  paymentId: z.string(),
  checkoutUrl: z.string(),
});
export type TopUpResult = z.infer<typeof topUpResultSchema>;
