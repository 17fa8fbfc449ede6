import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '@evc/contracts';
import { receiptRows } from './receipt-pdf';

const receipt = (minutes: number): ReceiptView => ({
  kind: 'session',
  receiptNumber: 'EVC-S-20260301-11111111',
  issuedAt: '2026-03-01T10:30:00Z',
  customerName: 'Amira Saad',
  stationId: 'cai-maadi',
  stationNameEn: 'Maadi Mall',
  stationNameAr: 'معادي مول',
  chargerId: 'EVC-004-AC1',
  connectorId: 1,
  connectorType: 'Type2',
  current: 'AC',
  session: {
    sessionId: 's-1',
    startedAt: '2026-03-01T10:00:00Z',
    stoppedAt: '2026-03-01T10:25:00Z',
    energyWh: 12_345,
    pricePerKwh: 250,
    energyCost: 3086,
    minimumCharge: 1000,
    minimumApplied: false,
    cost: 3086,
    stopReason: 'customer',
    carLabel: 'MG MG4',
    carLabelAr: 'إم جي إم جي ٤',
  },
  booking: {
    bookingId: 'b-1',
    startsAt: '2026-03-01T09:55:00Z',
    endsAt: '2026-03-01T10:25:00Z',
    confirmedAt: '2026-03-01T09:54:00Z',
    endedAt: '2026-03-01T10:00:00Z',
    endReason: 'session_started',
    minutes,
    feePerMinute: 50,
    fee: minutes * 50,
  },
  total: 3086 + minutes * 50,
  walletBalanceAfter: 46_614,
});

describe('the Arabic PDF receipt', () => {
  it('agrees the booked minutes with their number', () => {
    const fee = (minutes: number) =>
      (
        receiptRows(receipt(minutes), 'ar').find(
          (row) => typeof row === 'object' && 'label' in row && row.label.startsWith('رسوم الحجز'),
        ) as { label: string }
      ).label;
    expect(fee(10)).toContain('(١٠ دقائق ×');
    expect(fee(11)).toContain('(١١ دقيقة ×');
    expect(fee(2)).toContain('(دقيقتان ×');
    expect(
      (
        receiptRows(receipt(10), 'en').find((row) => typeof row === 'object' && 'label' in row && row.label.startsWith('Booking fee')) as {
          label: string;
        }
      ).label,
    ).toContain('(10 min ×');
  });
});
