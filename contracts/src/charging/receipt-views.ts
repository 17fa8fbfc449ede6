import { z } from 'zod';
import { CONNECTOR_TYPES, CURRENT_TYPES } from '../network/index';
import { BOOKING_END_REASONS } from '../bookings/index';
import { STOP_REASONS } from './schemas';

/** The charging part of a receipt: what the session cost and why (prices fixed when it started). */
export const receiptSessionSchema = z.object({
  sessionId: z.string(),
  /** When the charger started and stopped the transaction (ISO-8601 UTC; shown in Cairo time). */
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  energyWh: z.number().int(),
  /** Piastres per kWh in force for this session (recorded when it started, never today's price). */
  pricePerKwh: z.number().int(),
  /** round(energyWh × pricePerKwh / 1000): what the energy alone costs. */
  energyCost: z.number().int(),
  minimumCharge: z.number().int(),
  /** The minimum charge was billed because the energy cost fell below it. */
  minimumApplied: z.boolean(),
  /** What the session was billed: max(minimumCharge, energyCost). */
  cost: z.number().int(),
  stopReason: z.enum(STOP_REASONS).nullable(),
  carLabel: z.string().nullable(),
  carLabelAr: z.string().nullable(),
});
export type ReceiptSession = z.infer<typeof receiptSessionSchema>;

/** The booking part: a booking's fee (alone, or the booking a session fulfilled). */
export const receiptBookingSchema = z.object({
  bookingId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  confirmedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(BOOKING_END_REASONS).nullable(),
  minutes: z.number().int(),
  feePerMinute: z.number().int(),
  fee: z.number().int(),
});
export type ReceiptBooking = z.infer<typeof receiptBookingSchema>;

/**
 * A receipt: one per billed session (with the fee of the booking it fulfilled, if any) and one per
 * ended booking that was charged a fee and not fulfilled by a session. Money in piastres, energy in Wh, instants ISO-8601
 * UTC (shown in Cairo time).
 */
export const receiptViewSchema = z.object({
  kind: z.enum(['session', 'booking']),
  /** e.g. `EVC-S-20250114-1A2B3C4D`: S(ession) or B(ooking), the Cairo date of issue, the item id's first 8 hex digits. */
  receiptNumber: z.string(),
  /** When the last debit of the receipt was recorded (the wallet line's time). */
  issuedAt: z.string(),
  customerName: z.string(),
  stationId: z.string(),
  stationNameEn: z.string(),
  stationNameAr: z.string(),
  chargerId: z.string(),
  connectorId: z.number().int(),
  connectorType: z.enum(CONNECTOR_TYPES),
  current: z.enum(CURRENT_TYPES),
  session: receiptSessionSchema.nullable(),
  booking: receiptBookingSchema.nullable(),
  /** The session's cost plus the booking fee. */
  total: z.number().int(),
  /** The wallet's balance right after the receipt's last debit (the ledger line's balanceAfter), not today's. */
  walletBalanceAfter: z.number().int(),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export const RECEIPT_FORMATS = ['json', 'pdf'] as const;
/** `format=pdf` answers the receipt as a PDF file in `lang` (English, or Arabic right to left). */
export const receiptQuerySchema = z.object({
  format: z.enum(RECEIPT_FORMATS).default('json'),
  lang: z.enum(['en', 'ar']).default('en'),
});
export type ReceiptQuery = z.infer<typeof receiptQuerySchema>;
