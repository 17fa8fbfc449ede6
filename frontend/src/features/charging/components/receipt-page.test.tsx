import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import {
  RECEIPT_BOOKING_ID as BOOKING_ID,
  SESSION_ID,
  apiError,
  asCustomer,
  calls,
  makeReceipt,
  makeSessionView,
} from '../../../testing/charging-fixtures';

const RECEIPT = `/api/queries/me/sessions/${SESSION_ID}/receipt`;
beforeEach(() => resetBrowserState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

describe('receipt screen', () => {
  it('English: times in Cairo, energy, the price in force, booking fee, total and balance after; no minimum line when it did not apply', async () => {
    asCustomer((req) => (req.url.startsWith(RECEIPT) ? { body: makeReceipt() } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}/receipt`);
    expect((await screen.findByRole('heading', { name: 'Charging receipt' })).textContent).toBe('Charging receipt');
    expect(text('receipt-number')).toBe('EVC-S-20260301-11111111');
    expect(text('receipt-station')).toBe('Maadi Mall');
    // 10:00 UTC is 12:00 in Cairo (winter time)
    expect(text('receipt-started')).toContain('12:00');
    expect(text('receipt-energy')).toBe('12.345 kWh');
    expect(text('receipt-price')).toMatch(/EGP\s2\.50 \/ kWh/);
    expect(text('receipt-booking-fee')).toMatch(/EGP\s3\.00/);
    expect(screen.getByText(/Booking fee \(6 min × EGP\s0\.50\)/)).toBeTruthy();
    expect(text('receipt-total')).toMatch(/EGP\s33\.86/);
    expect(text('receipt-balance')).toMatch(/EGP\s466\.14/);
    expect(screen.queryByTestId('receipt-minimum')).toBeNull();
    expect(screen.queryByTestId('receipt-minimum-note')).toBeNull();
  });

  it('Arabic, right to left: Arabic names and Eastern Arabic digits; the minimum charge line and its explanation when it applied', async () => {
    asCustomer((req) => (req.url.startsWith(RECEIPT) ? { body: makeReceipt({ minimumApplied: true }) } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}/receipt?lang=ar`);
    expect(await screen.findByRole('heading', { name: 'إيصال شحن' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(text('receipt-station')).toBe('معادي مول');
    expect(text('receipt-energy')).toBe('٠٫٥ كيلوواط ساعة');
    expect(text('receipt-minimum')).toContain('١٠٫٠٠');
    expect(text('receipt-minimum-note')).toContain('طُبق الحد الأدنى للتكلفة');
    expect(text('receipt-minimum-note')).toContain('١٫٢٥');
    expect(text('receipt-total')).toContain('١٣٫٠٠');
    expect(text('receipt-started')).toContain('١٢:٠٠');
    expect(screen.getByText('إم جي إم جي ٤')).toBeTruthy();
  });

  it('Download PDF asks the server for the PDF in the page language; a receipt that is not ready says so', async () => {
    const requests = asCustomer((req) => {
      if (req.url.startsWith(RECEIPT) && req.url.includes('format=pdf')) return { body: '%PDF-1.4' };
      if (req.url.startsWith(RECEIPT)) return { body: makeReceipt() };
      if (req.url.startsWith(`/api/queries/me/bookings/${BOOKING_ID}/receipt`)) return apiError(422, 'receipt.not_ready');
      return undefined;
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    await renderApp(`/my-sessions/${SESSION_ID}/receipt?lang=ar`);
    fireEvent.click(await screen.findByRole('button', { name: 'تنزيل PDF' }));
    await waitFor(() => expect(calls(requests, RECEIPT).some((r) => r.url.includes('format=pdf') && r.url.includes('lang=ar'))).toBe(true));
    cleanup();
    await renderApp(`/my-bookings/${BOOKING_ID}/receipt`);
    expect((await screen.findByRole('alert')).textContent).toContain('الإيصال غير جاهز بعد');
  });
});

describe('session summary', () => {
  const stopped = (energyWh: number, cost: number) =>
    makeSessionView({
      status: 'stopped',
      stoppedAt: '2026-03-01T10:25:00Z',
      billed: true,
      energyWh,
      cost,
      pricePerKwh: 250,
      minimumCharge: 1000,
      powerW: null,
    });

  it('says when the minimum charge applied, and links to the receipt', async () => {
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}`) ? { body: stopped(500, 1000) } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}`);
    expect((await screen.findByTestId('session-minimum-applied')).textContent).toMatch(
      /The minimum charge of EGP\s10\.00 applied: the energy cost was EGP\s1\.25\./,
    );
    expect(screen.getByTestId('session-receipt-link').getAttribute('href')).toBe(`/my-sessions/${SESSION_ID}/receipt`);
  });

  it('says nothing about the minimum when the energy cost was above it', async () => {
    asCustomer((req) => (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}`) ? { body: stopped(12_000, 3000) } : undefined));
    await renderApp(`/my-sessions/${SESSION_ID}`);
    await screen.findByTestId('session-receipt-link');
    expect(screen.queryByTestId('session-minimum-applied')).toBeNull();
  });
});
