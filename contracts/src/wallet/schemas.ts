import { z } from 'zod';
import { LIMITS, PIASTRES_PER_EGP } from '../shared/constants';
import { idSchema, typedNumber } from '../shared/common';
import { normalizeDigits } from '../shared/digits';
import { hasControlCharacters } from '../shared/text';

/** The wallet, top-ups, payments and staff adjustments. Money is integer piastres; amounts typed in EGP. */

const uuid = z.uuid();

export const egpAmountSchema = z.preprocess(
  (v, ctx) => {
    // empty would read as 0 ("at least 1 EGP"); say it is missing instead
    if (v === undefined || (typeof v === 'string' && v.trim() === ''))
      ctx.addIssue({ code: 'custom', message: 'required', params: { code: 'amount_required' } });
    return v;
  },
  typedNumber(
    z
      .number({ error: () => ({ message: 'invalid', params: { code: 'invalid_amount' } }) })
      .refine((n) => Number.isFinite(n), { params: { code: 'invalid_amount' } })
      .refine((n) => n >= LIMITS.minWalletAmountEgp, { params: { code: 'amount_min' } })
      .refine((n) => Math.abs(Math.round(n * PIASTRES_PER_EGP) - n * PIASTRES_PER_EGP) < 1e-6, { params: { code: 'invalid_amount' } }),
  ),
);

/** Top-up: the amount in EGP as typed (min 1 EGP, the dialog stops typing past LIMITS.amountInputCap). */
export const startTopUpSchema = z.strictObject({
  paymentId: uuid,
  amountEgp: egpAmountSchema.refine((n) => n <= LIMITS.topUpMaxEgp, { params: { code: 'amount_max' } }),
});
export type StartTopUp = z.infer<typeof startTopUpSchema>;

const reasonSchema = z
  .string()
  .max(300)
  .refine((s) => !hasControlCharacters(s, true), { params: { code: 'control_characters' } })
  .refine((s) => s.trim().length > 0, { params: { code: 'required' } });

/** Staff add to or deduct from a customer's wallet: amount ≥ 1 EGP, a reason that is not only whitespace. */
export const adjustWalletSchema = z.strictObject({
  /** Client-chosen: the same adjustment sent twice is recorded once. */
  adjustmentId: uuid,
  customerId: idSchema,
  direction: z.enum(['credit', 'debit']),
  amountEgp: egpAmountSchema.refine((n) => n <= LIMITS.walletAdjustMaxEgp, { params: { code: 'amount_max' } }),
  reason: reasonSchema,
});
export type AdjustWallet = z.infer<typeof adjustWalletSchema>;

/** Keypress rule of the payment amount input: digits (Western or Eastern Arabic), one separator, editing keys. */
export const AMOUNT_EDITING_KEYS = ['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab', 'Enter'] as const;
export function amountKeyAllowed(key: string, current: string): boolean {
  if ((AMOUNT_EDITING_KEYS as readonly string[]).includes(key)) return true;
  const value = Number(normalizeDigits(current));
  if (Number.isFinite(value) && value > LIMITS.amountInputCap) return false;
  if (key === '.' || key === '٫') return !/[.٫]/.test(current);
  return /^[0-9٠-٩]$/.test(key);
}

export const WALLET_TX_KINDS = ['top_up', 'session', 'adjustment', 'booking', 'refund'] as const;
export type WalletTxKind = (typeof WALLET_TX_KINDS)[number];

export const PAYMENT_PROVIDERS = ['paymob', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ['pending', 'completed', 'canceled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
