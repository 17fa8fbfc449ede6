import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProvenanceView } from '@evc/contracts/audit';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { SESSION_ID, asCustomer, makeSessionView, makeTx, makeWallet } from '../../testing/charging-fixtures';

const NOW = Date.parse('2026-03-01T10:00:00Z');
beforeEach(() => {
  resetBrowserState();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sessionProvenance: ProvenanceView = {
  subject: 'wallet_line',
  amount: 2500,
  steps: [
    {
      code: 'session.started',
      at: '2026-03-01T08:00:00Z',
      values: { stationNameEn: 'Zamalek', stationNameAr: 'الزمالك', connectorId: 1, connectorType: 'Type2', current: 'AC', origin: 'app' },
    },
    {
      code: 'session.prices',
      at: '2026-03-01T08:00:00Z',
      values: { pricePerKwh: 250, minimumCharge: 1000, current: 'AC', effectiveFrom: '2026-01-01T00:00:00Z' },
    },
    { code: 'session.meter_start', at: '2026-03-01T08:01:00Z', values: { meterStartWh: 1000 } },
    {
      code: 'session.readings',
      at: '2026-03-01T08:40:00Z',
      values: { count: 2, firstAt: '2026-03-01T08:20:00Z', lastAt: '2026-03-01T08:40:00Z', lastEnergyWh: 11_000 },
    },
    { code: 'session.meter_stop', at: '2026-03-01T08:41:00Z', values: { meterStopWh: 11_000 } },
    { code: 'session.energy', at: '2026-03-01T08:41:00Z', values: { energyWh: 10_000, meterStartWh: 1000, meterEndWh: 11_000 } },
    { code: 'session.energy_cost', at: null, values: { energyWh: 10_000, pricePerKwh: 250, energyCost: 2500 } },
    { code: 'session.minimum_not_needed', at: null, values: { minimumCharge: 1000, energyCost: 2500, cost: 2500 } },
    { code: 'session.stopped', at: '2026-03-01T08:41:00Z', values: { reason: 'customer', cost: 2500 } },
    { code: 'wallet.debited', at: '2026-03-01T08:41:05Z', values: { amount: 2500, balanceBefore: 10_000, balanceAfter: 7500 } },
  ],
  readings: [
    { timestamp: '2026-03-01T08:20:00Z', energyWh: 6000 },
    { timestamp: '2026-03-01T08:40:00Z', energyWh: 11_000 },
  ],
};

describe('"how this was calculated" for the customer', () => {
  it('explains a wallet line from the session it paid for, in plain words, with the meter readings', async () => {
    const requests = asCustomer((req) => {
      if (req.url.startsWith('/api/queries/me/wallet/provenance')) return { body: sessionProvenance };
      if (req.url.startsWith('/api/queries/me/wallet'))
        return {
          body: makeWallet([{ date: '2026-03-01', transactions: [makeTx({ transactionId: `session:${SESSION_ID}`, amount: 2500 })] }]),
        };
      return undefined;
    });
    await renderApp('/wallet');
    const line = await screen.findByTestId('wallet-line');
    fireEvent.click(within(line).getByRole('button', { name: 'How was this calculated?' }));
    const dialog = await screen.findByRole('dialog', { name: 'How this was calculated' });
    expect(requests.some((r) => r.url === `/api/queries/me/wallet/provenance?transactionId=session%3A${SESSION_ID}`)).toBe(true);
    const steps = await within(dialog).findByTestId('provenance-steps');
    const text = steps.textContent ?? '';
    expect(text).toContain('You started charging at Zamalek, connector 1 (Type2, AC), from your phone.');
    expect(text).toMatch(
      /The prices in force when it started \(set from 1 Jan 2026, 02:00\): EGP\s?2\.50 per kWh for AC, and a minimum charge of EGP\s?10\.00 per session\./,
    );
    expect(text).toContain('Energy delivered: 11 − 1 = 10 kWh.');
    expect(text).toMatch(/Energy cost: 10 kWh × EGP\s?2\.50 per kWh = EGP\s?25\.00\./);
    expect(text).toMatch(/That is more than the minimum charge of EGP\s?10\.00, so the session costs EGP\s?25\.00\./);
    expect(text).toMatch(/EGP\s?25\.00 was taken from your wallet: the balance went from EGP\s?100\.00 to EGP\s?75\.00\./);
    expect(within(dialog).getAllByTestId('provenance-reading')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("explains a session's cost in Arabic, with Eastern Arabic digits", async () => {
    asCustomer((req) => {
      if (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}/provenance`))
        return { body: { ...sessionProvenance, subject: 'session', steps: sessionProvenance.steps.slice(0, -1) } };
      if (req.url.startsWith(`/api/queries/me/sessions/${SESSION_ID}`))
        return { body: makeSessionView({ status: 'stopped', billed: true, cost: 2500 }) };
      return undefined;
    });
    await renderApp(`/my-sessions/${SESSION_ID}?lang=ar`);
    fireEvent.click(await screen.findByRole('button', { name: 'كيف تم الحساب؟' }));
    const dialog = await screen.findByRole('dialog', { name: 'كيف تم الحساب' });
    const text = (await within(dialog).findByTestId('provenance-steps')).textContent ?? '';
    expect(text).toContain('بدأت الشحن في الزمالك، الموصل ١ (Type2، AC)، من هاتفك.');
    expect(text).toContain('الطاقة المستلمة: ١١ − ١ = ١٠ ك.و.س.');
    expect(text).toContain('انتهى الشحن (');
    expect(within(dialog).getByTestId('provenance-amount').textContent).toMatch(/٢٥٫٠٠/);
  });
});
