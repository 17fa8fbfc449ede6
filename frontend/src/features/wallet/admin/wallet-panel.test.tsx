import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerAdminView } from '@evc/contracts/identity';
import type { WalletTxView, WalletView } from '@evc/contracts/wallet';
import { makeSession, renderApp, storeSession, stubApi, VIEWER_PRIVILEGES, type RecordedRequest } from '../../../testing/render-app';
import { ago, setupLiveTests } from '../../../testing/network-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WALLET = '/api/queries/admin/customers/c1/wallet';
const ADJUST = '/api/commands/wallet.adjust';

setupLiveTests();

const customer: CustomerAdminView = {
  customerId: 'c1',
  firstName: 'Omar',
  lastName: 'Fathy',
  email: 'omar@example.com',
  phone: '01012345678',
  gender: 'male',
  emailVerified: true,
  banned: false,
  banReason: null,
  createdAt: ago(86_400 * 30),
  revision: 3,
  age: 31,
  car: null,
  carCount: 0,
  carType: null,
  batteryRange: null,
  licenceImageIds: [],
  cardStatus: null,
  lastChargeAt: null,
  walletBalance: 5000,
};

const tx = (n: number, over: Partial<WalletTxView>): WalletTxView => ({
  transactionId: `tx-${n}`,
  direction: 'in',
  amount: 10_000,
  balanceAfter: 10_000,
  kind: 'top_up',
  reason: 'top_up',
  reference: { type: 'payment', id: `p${n}` },
  creator: { type: 'customer', id: 'c1', name: 'Omar Fathy' },
  createdDate: ago(86_400 + n * 60),
  ...over,
});
const WALLET_VIEW: WalletView = {
  balance: 5000,
  totalCount: 2,
  transactionsDates: [
    {
      date: '2026-03-01',
      transactions: [
        tx(1, {
          direction: 'out',
          amount: 5000,
          balanceAfter: 5000,
          kind: 'session',
          reason: 'session',
          reference: { type: 'session', id: 's-42' },
          createdDate: ago(600),
        }),
      ],
    },
    { date: '2026-02-28', transactions: [tx(2, {})] },
  ],
  nextCursor: null,
};

const walletCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith(WALLET));
const adjusts = (requests: RecordedRequest[]) => requests.filter((r) => r.url === ADJUST);

function api(state: { wallet: WalletView; adjust?: () => { status?: number; body: unknown } }) {
  return stubApi((req) => {
    if (req.url.startsWith(WALLET)) return { body: state.wallet };
    if (req.url.startsWith('/api/queries/admin/customers/c1')) return { body: customer };
    if (req.url.startsWith('/api/queries/admin/customers')) return { body: { dataList: [customer], totalCount: 1 } };
    if (req.url === ADJUST) return state.adjust?.() ?? { body: { streamId: 'wallet-c1', revision: 3, position: 314 } };
    return undefined;
  });
}

async function openWallet(lang: 'en' | 'ar' = 'en', privileges?: typeof VIEWER_PRIVILEGES) {
  storeSession(makeSession('staff', privileges ? { privileges, roles: ['Viewer'] } : {}));
  await renderApp(`/admin/users${lang === 'ar' ? '?lang=ar' : ''}`);
  fireEvent.click(await screen.findByText('omar@example.com'));
  return screen.findByRole('region', { name: lang === 'ar' ? 'المحفظة' : 'Wallet' });
}

async function openForm(panel: HTMLElement, button: string, title: string) {
  fireEvent.click(within(panel).getByRole('button', { name: button }));
  await within(panel).findByRole('heading', { name: title });
  return within(panel).getByRole('heading', { name: title }).parentElement!.querySelector('form')!;
}

describe('customer wallet panel', () => {
  it('shows the balance and the history grouped by day, with the count, filters and a link to the session', async () => {
    const requests = api({ wallet: WALLET_VIEW });
    const panel = await openWallet();
    expect(within(panel).getByTestId('wallet-balance').textContent).toMatch(/50\.00/);
    expect(within(panel).getByText('2 transactions')).toBeTruthy();
    const days = within(panel)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(days).toEqual(['Sunday, 1 March 2026', 'Saturday, 28 February 2026']);
    const sessionLink = within(panel).getByRole('link', { name: 'Open the session' });
    expect(sessionLink.getAttribute('href')).toBe('/admin/sessions?selected=s-42');
    expect(within(panel).getAllByRole('link')).toHaveLength(1);
    expect(within(panel).getAllByText('Charging session').length).toBeGreaterThan(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Outgoing' }));
    await waitFor(() => expect(new URL(walletCalls(requests).at(-1)!.url, 'http://x').searchParams.get('filter')).toBe('outgoing'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Incoming' }));
    await waitFor(() => expect(new URL(walletCalls(requests).at(-1)!.url, 'http://x').searchParams.get('filter')).toBe('incoming'));

    // the Sessions tab links to the customer's sessions
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(screen.getByRole('link', { name: "Open this customer's charging sessions" }).getAttribute('href')).toBe(
      '/admin/sessions?customerId=c1',
    );
  });

  it('asks for the next page after the last line shown (its cursor), so a line added meanwhile shifts nothing', async () => {
    const first: WalletView = { ...WALLET_VIEW, totalCount: 25, nextCursor: 'after-first-page' };
    const second: WalletView = {
      ...WALLET_VIEW,
      totalCount: 25,
      transactionsDates: [{ date: '2026-02-20', transactions: [tx(3, { reason: 'Older line', kind: 'adjustment' })] }],
      nextCursor: null,
    };
    const requests = stubApi((req) => {
      if (req.url.startsWith(WALLET))
        return { body: new URL(req.url, 'http://x').searchParams.get('cursor') === 'after-first-page' ? second : first };
      if (req.url.startsWith('/api/queries/admin/customers/c1')) return { body: customer };
      if (req.url.startsWith('/api/queries/admin/customers')) return { body: { dataList: [customer], totalCount: 1 } };
      return undefined;
    });
    const panel = await openWallet();
    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    await within(panel).findByText(/Older line/);
    const asked = new URL(walletCalls(requests).at(-1)!.url, 'http://x').searchParams;
    expect([asked.get('cursor'), asked.get('page')]).toEqual(['after-first-page', null]);
  });

  it('validates amount and reason with the shared schema: required, valid, min 1 EGP, not only whitespace', async () => {
    const requests = api({ wallet: WALLET_VIEW });
    const panel = await openWallet();
    const form = await openForm(panel, 'Add', 'Add to the wallet');
    const amount = within(form).getByLabelText('Amount (EGP)');
    const reason = within(form).getByLabelText('Reason');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Add' }));

    submit();
    await within(form).findByText('Enter an amount');
    expect(within(form).getByText('Enter a reason')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(amount, { target: { value: 'abc' } });
    fireEvent.change(reason, { target: { value: '   \n ' } });
    submit();
    await within(form).findByText('Enter a valid amount, for example 50 or 12.50');
    expect(within(form).getByText('Enter a reason')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '0.5' } });
    submit();
    await within(form).findByText('The amount must be at least 1 EGP');
    expect(adjusts(requests)).toHaveLength(0);
  });

  it('adds an amount typed in Eastern Arabic digits as EGP with a new adjustment id, toasts and reloads at its position', async () => {
    const requests = api({ wallet: WALLET_VIEW });
    const panel = await openWallet();
    const form = await openForm(panel, 'Add', 'Add to the wallet');
    fireEvent.change(within(form).getByLabelText('Amount (EGP)'), { target: { value: '١٢٫٥' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '  Goodwill credit  ' } });
    const before = walletCalls(requests).length;
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(adjusts(requests)).toHaveLength(1));
    const body = adjusts(requests)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['adjustmentId', 'amountEgp', 'customerId', 'direction', 'reason']);
    expect(body).toMatchObject({ customerId: 'c1', direction: 'credit', amountEgp: 12.5, reason: 'Goodwill credit' });
    expect(body.adjustmentId).toMatch(UUID);
    expect(await screen.findByText('The amount was added to the wallet.')).toBeTruthy();
    await waitFor(() => expect(walletCalls(requests).length).toBeGreaterThan(before));
    expect(new URL(walletCalls(requests).at(-1)!.url, 'http://x').searchParams.get('position')).toBe('314');

    // another adjustment is another id
    const again = await openForm(panel, 'Add', 'Add to the wallet');
    fireEvent.change(within(again).getByLabelText('Amount (EGP)'), { target: { value: '20' } });
    fireEvent.change(within(again).getByLabelText('Reason'), { target: { value: 'Second' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(adjusts(requests)).toHaveLength(2));
    expect((adjusts(requests)[1]!.body as Record<string, unknown>).adjustmentId).not.toBe(body.adjustmentId);
  });

  it('shows the insufficient balance refusal of a deduction', async () => {
    const refuse = () => ({ status: 409, body: { code: 'wallet.insufficient_balance', message: 'insufficient' } });
    const requests = api({ wallet: WALLET_VIEW, adjust: refuse });
    const panel = await openWallet();
    const form = await openForm(panel, 'Deduct', 'Deduct from the wallet');
    fireEvent.change(within(form).getByLabelText('Amount (EGP)'), { target: { value: '80' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Deduct' }));
    expect(await within(form).findByText('The wallet balance is lower than this amount.')).toBeTruthy();
    expect(adjusts(requests)[0]!.body).toMatchObject({ direction: 'debit', amountEgp: 80 });
  });

  it('speaks Arabic: validation messages and the refusal', async () => {
    api({ wallet: WALLET_VIEW, adjust: () => ({ status: 409, body: { code: 'wallet.insufficient_balance', message: 'x' } }) });
    const panel = await openWallet('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const form = await openForm(panel, 'خصم', 'خصم رصيد من المحفظة');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'خصم' }));
    submit();
    await within(form).findByText('أدخل المبلغ');
    expect(within(form).getByText('أدخل السبب')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('المبلغ (جنيه مصري)'), { target: { value: '٠٫٥' } });
    fireEvent.change(within(form).getByLabelText('السبب'), { target: { value: '   ' } });
    submit();
    await within(form).findByText('يجب ألا يقل المبلغ عن 1 جنيه');
    expect(within(form).getByText('أدخل السبب')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('المبلغ (جنيه مصري)'), { target: { value: '٨٠' } });
    fireEvent.change(within(form).getByLabelText('السبب'), { target: { value: 'تصحيح' } });
    submit();
    expect(await within(form).findByText('رصيد المحفظة أقل من هذا المبلغ.')).toBeTruthy();
  });

  it("names a booking fee in the page's language, not by its code", async () => {
    const booking = tx(3, {
      direction: 'out',
      amount: 2000,
      kind: 'booking',
      reason: 'booking',
      reference: { type: 'booking', id: 'b-1' },
    });
    api({ wallet: { ...WALLET_VIEW, transactionsDates: [{ date: '2026-03-01', transactions: [booking] }] } });
    const panel = await openWallet('ar');
    const line = panel.querySelector('[data-transaction-id="tx-3"]')!;
    expect(line.textContent).toContain('حجز شاحن');
    expect(line.textContent).not.toContain('booking');
  });

  it('shows no Add / Deduct without wallet.adjust', async () => {
    api({ wallet: WALLET_VIEW });
    const panel = await openWallet('en', VIEWER_PRIVILEGES);
    expect(within(panel).getByText('2 transactions')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Deduct' })).toBeNull();
  });
});
