import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ReceiptView } from '@evc/contracts/charging';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { SESSION_ID, asCustomer } from '../../../testing/charging-fixtures';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const receipt: ReceiptView = {
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
    sessionId: SESSION_ID,
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
    bookingId: '99999999-8888-4777-8666-555555555555',
    startsAt: '2026-03-01T09:55:00Z',
    endsAt: '2026-03-01T10:25:00Z',
    confirmedAt: '2026-03-01T09:54:00Z',
    endedAt: '2026-03-01T10:00:00Z',
    endReason: 'session_started',
    minutes: 10,
    feePerMinute: 50,
    fee: 500,
  },
  total: 3586,
  walletBalanceAfter: 46_614,
};

describe('the Arabic receipt', () => {
  it('keeps "#١" in reading order (isolated left to right) and agrees the booked minutes with their number', async () => {
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}/receipt`) ? { body: receipt } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}/receipt?lang=ar`);
    const main = await screen.findByRole('main');
    await screen.findByTestId('receipt-booking-fee');
    // in a right-to-left line "#١" alone would show as "١#": the number sign and its digit are one left-to-right run
    const connector = [...main.querySelectorAll('bdi[dir="ltr"]')].find((el) => el.textContent === '#١');
    expect(connector, main.innerHTML.slice(0, 200)).toBeTruthy();
    expect(main.textContent).toContain('١٠ دقائق');
    expect(main.textContent).not.toContain('١٠ دقيقة');
  });
});
