import { cairoWallClock, energyCost, type ReceiptBooking, type ReceiptView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import {
  BOOKINGS,
  CUSTOMER_ACCOUNTS,
  SESSIONS,
  WALLET_TRANSACTIONS,
  walletTxKey,
  type BookingDoc,
  type SessionDoc,
  type WalletTxDoc,
} from '@evc/projections';

const notReady = (message: string) => new ApiException('receipt.not_ready', message);

/** `EVC-S-20250114-1A2B3C4D`: the kind, the Cairo date of issue and the item id's first 8 hex digits. */
export function receiptNumber(kind: ReceiptView['kind'], id: string, issuedAt: string): string {
  const day = cairoWallClock(issuedAt).date.replaceAll('-', '');
  return `EVC-${kind === 'session' ? 'S' : 'B'}-${day}-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

const bookingPart = (b: BookingDoc): ReceiptBooking => ({
  bookingId: b.bookingId,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  confirmedAt: b.confirmedAt,
  endedAt: b.endedAt,
  endReason: b.endReason,
  minutes: b.minutes,
  feePerMinute: b.feePerMinute,
  fee: b.fee,
});

/**
 * Receipts built from the read models the events fill: the session's prices as recorded when it started (never
 * today's), its energy and billed cost, the booking it fulfilled, and the wallet lines of the debits (their
 * balanceAfter is the balance the receipt shows). Only the customer's own items: anyone else's is null (404).
 */
export class ReceiptsQueries {
  constructor(private readonly documents: DocumentStore) {}

  private async debit(customerId: string, transactionId: string): Promise<WalletTxDoc | null> {
    return WALLET_TRANSACTIONS.in(this.documents).findOne({ _id: walletTxKey(customerId, transactionId) });
  }

  private async customerName(customerId: string, fallback: string | null): Promise<string> {
    const account = await CUSTOMER_ACCOUNTS.in(this.documents).findOne({ _id: customerId }, { projection: { firstName: 1, lastName: 1 } });
    return account ? `${account.firstName} ${account.lastName}`.trim() : (fallback ?? '');
  }

  /** Staff: the receipt of any billed session, exactly as its customer has it; null when there is no such session. */
  async anySession(sessionId: string): Promise<ReceiptView | null> {
    const s = await SESSIONS.in(this.documents).findOne({ _id: sessionId }, { projection: { customerId: 1 } });
    return s ? this.session(s.customerId, sessionId) : null;
  }

  /** The receipt of a billed session, with the fee of the booking it fulfilled; null when it is not the customer's. */
  async session(customerId: string, sessionId: string): Promise<ReceiptView | null> {
    const s = await SESSIONS.in(this.documents).findOne(
      { _id: sessionId, customerId, refusal: null },
      { projection: { readings: 0, timeline: 0 } },
    );
    if (!s) return null;
    if (!s.billed) throw notReady('A receipt is issued once the session is billed');
    const booking = await BOOKINGS.in(this.documents).findOne({ customerId, sessionId });
    const debits = [await this.debit(customerId, `session:${sessionId}`)];
    if (booking && booking.fee > 0) {
      if (!booking.charged) throw notReady('The booking fee of this session is not charged yet');
      debits.push(await this.debit(customerId, `booking:${booking.bookingId}`));
    }
    if (debits.some((d) => d === null)) throw notReady('The wallet has not recorded this receipt yet');
    return this.sessionReceipt(s, booking, debits as WalletTxDoc[], await this.customerName(customerId, s.customerName));
  }

  private sessionReceipt(
    s: Omit<SessionDoc, 'readings' | 'timeline'>,
    booking: BookingDoc | null,
    debits: WalletTxDoc[],
    customerName: string,
  ): ReceiptView {
    const energy = energyCost(s.energyWh, s.pricePerKwh);
    // The billed cost is the session's own (SessionStopped): max(minimum charge, energy cost) on the recorded prices.
    const cost = s.cost;
    const last = debits.reduce((a, b) => (b.position > a.position ? b : a));
    return {
      kind: 'session',
      receiptNumber: receiptNumber('session', s.sessionId, last.createdDate),
      issuedAt: last.createdDate,
      customerName,
      stationId: s.stationId,
      stationNameEn: s.stationNameEn,
      stationNameAr: s.stationNameAr,
      chargerId: s.chargerId,
      connectorId: s.connectorId,
      connectorType: s.connectorType,
      current: s.current,
      session: {
        sessionId: s.sessionId,
        startedAt: s.startedAt,
        stoppedAt: s.stoppedAt,
        energyWh: s.energyWh,
        pricePerKwh: s.pricePerKwh,
        energyCost: energy,
        minimumCharge: s.minimumCharge,
        minimumApplied: energy < s.minimumCharge && cost === s.minimumCharge,
        cost,
        stopReason: s.stopReason,
        carLabel: s.carLabel,
        carLabelAr: s.carLabelAr,
      },
      booking: booking ? bookingPart(booking) : null,
      total: cost + (booking?.fee ?? 0),
      walletBalanceAfter: last.balanceAfter,
    };
  }

  /**
   * The receipt of an ended booking that was charged; a booking a session fulfilled has its fee on that session's
   * receipt (one visit, one receipt), so its receipt is the session's. Null when it is not the customer's.
   */
  async booking(customerId: string, bookingId: string): Promise<ReceiptView | null> {
    const b = await BOOKINGS.in(this.documents).findOne({ _id: bookingId, customerId });
    if (!b) return null;
    if (b.sessionId) return this.session(customerId, b.sessionId);
    if (!b.endedAt) throw notReady('A receipt is issued once the booking has ended');
    if (b.fee === 0) throw notReady('This booking cost nothing: there is no receipt');
    const debit = b.charged ? await this.debit(customerId, `booking:${bookingId}`) : null;
    if (!debit) throw notReady('The booking fee is not charged yet');
    return {
      kind: 'booking',
      receiptNumber: receiptNumber('booking', bookingId, debit.createdDate),
      issuedAt: debit.createdDate,
      customerName: await this.customerName(customerId, b.customerName),
      stationId: b.stationId,
      stationNameEn: b.stationNameEn,
      stationNameAr: b.stationNameAr,
      chargerId: b.chargerId,
      connectorId: b.connectorId,
      connectorType: b.connectorType,
      current: b.current,
      session: null,
      booking: bookingPart(b),
      total: b.fee,
      walletBalanceAfter: debit.balanceAfter,
    };
  }
}
