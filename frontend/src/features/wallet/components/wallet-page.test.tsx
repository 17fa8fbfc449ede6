import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { PAYMENT_ID, apiError, asCustomer, calls, makeTx, makeWallet } from '../../../testing/charging-fixtures';
import { checkout, checkoutUrlFor } from './top-up-dialog';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const WALLET = '/api/queries/me/wallet';

beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const today = {
  date: '2026-03-01',
  transactions: [
    // out of order on purpose: the page shows the newest first within the day
    makeTx({
      transactionId: 'session:early',
      createdDate: '2026-03-01T07:00:00Z',
      amount: 500,
      reference: { type: 'session', id: 'early' },
    }),
    makeTx({
      transactionId: `payment:${PAYMENT_ID}`,
      direction: 'in',
      amount: 20_000,
      kind: 'top_up',
      reason: 'top_up',
      reference: { type: 'payment', id: PAYMENT_ID },
      creator: { type: 'customer', id: 'c1', name: null },
      createdDate: '2026-03-01T09:30:00Z',
    }),
  ],
};
const older = {
  date: '2026-02-27',
  transactions: [
    makeTx({
      transactionId: 'adjustment:1',
      direction: 'in',
      amount: 1000,
      kind: 'adjustment',
      reason: 'Goodwill credit',
      reference: { type: 'adjustment', id: '1' },
      creator: { type: 'staff', id: 'a1', name: 'Hala Said' },
      createdDate: '2026-02-27T12:00:00Z',
    }),
  ],
};

describe('wallet', () => {
  it('shows the balance, the count and the history by day, newest first, with a Today label', async () => {
    asCustomer((req) => (req.url.startsWith(WALLET) ? { body: makeWallet([older, today], { balance: 8750 }) } : undefined));
    await renderApp('/wallet');
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toMatch(/EGP\s?87\.50/);
    expect(screen.getByTestId('wallet-count').textContent).toBe('3 transactions');
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Today', 'Friday, 27 February 2026']);
    const lines = within(screen.getByRole('region', { name: 'Today' })).getAllByTestId('wallet-line');
    expect(lines.map((l) => l.id)).toEqual([`tx-payment:${PAYMENT_ID}`, 'tx-session:early']);
    expect(lines[0]?.textContent).toMatch(/^\+EGP\s?200\.00/);
    expect(lines[0]?.textContent).toContain('Wallet top-up');
    expect(lines[0]?.textContent).toContain('By You');
    expect(lines[1]?.textContent).toMatch(/^−EGP\s?5\.00/);
    expect(
      within(lines[1] as HTMLElement)
        .getByRole('link', { name: 'View session' })
        .getAttribute('href'),
    ).toBe('/my-sessions/early');
    const adjustment = within(screen.getByRole('region', { name: 'Friday, 27 February 2026' })).getByTestId('wallet-line');
    expect(adjustment.textContent).toContain('Goodwill credit');
    expect(adjustment.textContent).toContain('By Hala Said');
  });

  it('filters All / Incoming / Outgoing and loads more pages into the same day groups', async () => {
    const requests = asCustomer((req) => {
      if (!req.url.startsWith(WALLET)) return undefined;
      const q = new URL(req.url, 'http://x').searchParams;
      if (q.get('filter') === 'incoming')
        return { body: makeWallet([{ date: older.date, transactions: older.transactions }], { totalCount: 1 }) };
      // The next page is asked for by the cursor the first page gave, never by a page number.
      if (q.get('cursor') === 'after-today') return { body: makeWallet([older], { totalCount: 3 }) };
      return { body: makeWallet([{ date: today.date, transactions: today.transactions }], { totalCount: 3, nextCursor: 'after-today' }) };
    });
    await renderApp('/wallet');
    await screen.findByRole('heading', { name: 'Today' });
    expect(screen.getAllByTestId('wallet-line')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-line')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Incoming' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-line')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Incoming' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('wallet-count').textContent).toBe('1 transaction');
    const filters = calls(requests, WALLET).map((r) => new URL(r.url, 'http://x').searchParams.get('filter'));
    expect(filters).toEqual(['all', 'all', 'incoming']);
    expect(calls(requests, WALLET).map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual([null, null, null]);
  });

  it('top-up dialog: required, valid number, min 1 EGP, the keypress rule, then the checkout page', async () => {
    const go = vi.spyOn(checkout, 'go').mockImplementation(() => undefined);
    const requests = asCustomer((req) => {
      if (req.url.startsWith(WALLET)) return { body: makeWallet([today]) };
      if (req.url === '/api/commands/wallet.top-up')
        return { body: { streamId: 'p', revision: 0, position: 3, paymentId: PAYMENT_ID, checkoutUrl: 'https://pay.example/checkout/1' } };
      return undefined;
    });
    await renderApp('/wallet');
    fireEvent.click(await screen.findByRole('button', { name: 'Top up' }));
    const dialog = screen.getByRole('dialog', { name: 'Top up your wallet' });
    const amount = within(dialog).getByLabelText('Amount (EGP)') as HTMLInputElement;
    const pay = within(dialog).getByRole('button', { name: 'Pay' });

    fireEvent.click(pay);
    expect(await within(dialog).findByText('Enter the amount')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0.5' } });
    fireEvent.click(pay);
    expect(await within(dialog).findByText('The amount must be at least 1 EGP')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.2.3' } });
    fireEvent.click(pay);
    expect(await within(dialog).findByText('Enter a valid number')).toBeTruthy();

    // keypress: letters refused, digits and editing keys allowed, no typing once past 999.9
    fireEvent.change(amount, { target: { value: '12' } });
    expect(fireEvent.keyDown(amount, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(amount, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(amount, { key: '5' })).toBe(true);
    expect(fireEvent.keyDown(amount, { key: '٥' })).toBe(true);
    expect(fireEvent.keyDown(amount, { key: '.' })).toBe(true);
    fireEvent.change(amount, { target: { value: '12.5' } });
    expect(fireEvent.keyDown(amount, { key: '.' })).toBe(false);
    fireEvent.change(amount, { target: { value: '1000' } });
    expect(fireEvent.keyDown(amount, { key: '1' })).toBe(false);
    expect(fireEvent.keyDown(amount, { key: 'Backspace' })).toBe(true);
    expect(calls(requests, '/api/commands/wallet.top-up')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '٥٠' } });
    fireEvent.click(pay);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/checkout/1'));
    const [sent] = calls(requests, '/api/commands/wallet.top-up');
    expect(sent?.body).toMatchObject({ amountEgp: 50 });
    expect((sent?.body as { paymentId: string }).paymentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['completed', 'Payment completed successfully'],
    ['canceled', 'Payment canceled'],
    ['failed', 'Error occurred in your payment process'],
  ] as const)('back from the checkout: polls the payment until %s and toasts it', async (outcome, text) => {
    let polls = 0;
    const requests = asCustomer((req) => {
      if (req.url.startsWith(WALLET)) return { body: makeWallet([today]) };
      if (req.url.startsWith(`/api/queries/me/payments/${PAYMENT_ID}`)) {
        polls += 1;
        const status = polls < 2 ? 'pending' : outcome;
        return {
          body: {
            paymentId: PAYMENT_ID,
            status,
            amount: 20_000,
            provider: 'sandbox',
            checkoutUrl: 'x',
            failureReason: null,
            createdAt: '2026-03-01T09:29:00Z',
            settledAt: null,
          },
        };
      }
      return undefined;
    });
    const { router } = await renderApp(`/wallet?payment=${PAYMENT_ID}`);
    expect(await screen.findByText('Checking your payment…')).toBeTruthy();
    expect(await within(screen.getByTestId('toasts')).findByText(text, {}, { timeout: 4000 })).toBeTruthy();
    expect(polls).toBe(2);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // the wallet is read again so the new line shows at the top of its day
    expect(calls(requests, WALLET).length).toBeGreaterThanOrEqual(2);
  });

  it("the site's own (sandbox) checkout page is opened in the customer's language; an external provider's as it is", () => {
    expect(checkoutUrlFor('/api/payments/sandbox/p1', 'ar')).toBe('/api/payments/sandbox/p1?lang=ar');
    expect(checkoutUrlFor('/api/payments/sandbox/p1?x=1', 'en')).toBe('/api/payments/sandbox/p1?x=1&lang=en');
    expect(checkoutUrlFor('https://pay.example/checkout/1', 'ar')).toBe('https://pay.example/checkout/1');
    expect(checkoutUrlFor('//pay.example/checkout/1', 'ar')).toBe('//pay.example/checkout/1');
  });

  it('a payment that cannot be read is reported as an error', async () => {
    asCustomer((req) =>
      req.url.startsWith('/api/queries/me/payments/')
        ? apiError(404, 'payments.payment_not_found')
        : req.url.startsWith(WALLET)
          ? { body: makeWallet([]) }
          : undefined,
    );
    await renderApp(`/wallet?payment=${PAYMENT_ID}`);
    expect(
      await within(screen.getByTestId('toasts')).findByText('Error occurred in your payment process', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('renders in Arabic right to left with Arabic digits and the Today label', async () => {
    asCustomer((req) => (req.url.startsWith(WALLET) ? { body: makeWallet([older, today], { balance: 8750 }) } : undefined));
    await renderApp('/wallet?lang=ar');
    expect(await screen.findByRole('heading', { name: 'اليوم' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('heading', { level: 1, name: 'المحفظة' })).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toMatch(/٨٧٫٥٠/);
    expect(screen.getByRole('button', { name: 'الوارد' })).toBeTruthy();
    const first = within(screen.getByRole('region', { name: 'اليوم' })).getAllByTestId('wallet-line')[0];
    expect(first?.textContent).toMatch(/^\+.*٢٠٠٫٠٠/);
    await act(async () => undefined);
  });
});
