import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@evc/contracts/audit';
import type { MasterDataItemView } from '@evc/contracts/catalog';
import type { PricingChangeView } from '@evc/contracts/network';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../testing/render-app';
import { formatCairo } from '../../lib/cairo-time';
import { formatMoney } from '../../lib/format';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const AT = '2026-02-03T10:00:00.000Z';
const entry = (n: number, type: string, changes: AuditEntry['changes'], over: Partial<AuditEntry> = {}): AuditEntry => ({
  eventId: `e${n}`,
  type,
  revision: n,
  occurredAt: AT,
  actor: { type: 'staff', id: 'a1', name: 'Hala Said' },
  reason: null,
  changes,
  ...over,
});
// What the server answers for a mixed history: a creation with internal fields, an update, a secret, a session's end.
const HISTORY: AuditEntry[] = [
  entry(5, 'SessionStopped', [
    { field: 'energyWh', before: null, after: 631, masked: null },
    { field: 'cost', before: null, after: 1200, masked: null },
    { field: 'stoppedAt', before: null, after: '2026-02-03T09:30:00.000Z', masked: null },
    { field: 'meterStopWh', before: null, after: 4120516, masked: null },
  ]),
  entry(4, 'PasswordChanged', [{ field: 'passwordHash', before: null, after: null, masked: 'secret' }], {
    actor: { type: 'customer', id: 'c1', name: null },
  }),
  entry(3, 'MasterDataItemUpdated', [{ field: 'name', before: 'BYDD', after: 'BYD', masked: null }], { reason: 'Typo' }),
  entry(
    2,
    'MasterDataItemCreated',
    [
      { field: 'itemId', before: null, after: 'brand-byd', masked: null },
      { field: 'kind', before: null, after: 'carBrand', masked: null },
      { field: 'name', before: null, after: 'BYDD', masked: null },
      { field: 'nameTranslation', before: null, after: 'بي واي دي', masked: null },
    ],
    { actor: { type: 'system', id: 'system', name: null }, reason: 'demo seed' },
  ),
  entry(1, 'SomethingNew', [{ field: 'secretField', before: null, after: 'x', masked: null }]),
];

const byd: MasterDataItemView = {
  itemId: 'brand-byd',
  kind: 'carBrand',
  name: 'BYD',
  nameTranslation: 'بي واي دي',
  value: '',
  parentId: null,
  parentName: null,
  parentNameAr: null,
  isActive: true,
  usageCount: 0,
  revision: 4,
  updatedAt: AT,
};

async function openHistory(lang: 'en' | 'ar') {
  stubApi((req) => {
    if (req.url.startsWith('/api/queries/admin/masterdata')) return { body: { dataList: [byd], totalCount: 1 } };
    if (req.url.startsWith('/api/queries/admin/audit')) return { body: { dataList: HISTORY, totalCount: HISTORY.length } };
    return undefined;
  });
  storeSession(makeSession('staff'));
  await renderApp(`/admin/masterdata/carbrand${lang === 'ar' ? '?lang=ar' : ''}`);
  fireEvent.click(await screen.findByText(lang === 'ar' ? 'بي واي دي' : 'BYD'));
  const history = await screen.findByRole('region', { name: lang === 'ar' ? 'السجل' : 'History' });
  await waitFor(() => expect(history.querySelectorAll('li[class], ol > li').length).toBeGreaterThan(0));
  return history;
}

const sentences = (history: HTMLElement) => [...history.querySelectorAll('[data-event-type]')].map((el) => el.textContent);

describe('history panels explain each event', () => {
  it('[en] a sentence per event, Cairo time, translated labels; no internal field names, hashes or UTC times', async () => {
    const history = await openHistory('en');
    expect(sentences(history)).toEqual([
      `Charging ended at ${formatCairo('2026-02-03T09:30:00.000Z', 'en')}: 0.631 kWh delivered, cost ${formatMoney(1200, 'en')}`,
      'Password changed',
      'Item details changed',
      'Item BYDD added',
      'A change was recorded',
    ]);
    const text = history.textContent!;
    expect(text).toContain(formatCairo(AT, 'en'));
    expect(within(history).getByText('Reason: Typo')).toBeTruthy();
    // the update lists what changed, with a label a person reads
    expect(within(history).getByRole('list', { name: 'Changes' }).textContent).toMatch(/^Name: BYDD → ?changed to BYD$/);
    // the seed's author and reason in words
    expect(text).toContain('by the system');
    expect(text).toContain('Reason: demo data');
    for (const internal of [
      'passwordHash',
      '(changed)',
      'kind',
      'carBrand',
      'itemId',
      'energyWh',
      'meterStopWh',
      '4120516',
      'SessionStopped',
      'SomethingNew',
      'secretField',
      AT,
      '2026-02-03T',
    ]) {
      expect(text, internal).not.toContain(internal);
    }
  });

  it('[ar] the same sentences in Arabic with Eastern Arabic digits', async () => {
    const history = await openHistory('ar');
    expect(sentences(history)).toEqual([
      `انتهى الشحن في ${formatCairo('2026-02-03T09:30:00.000Z', 'ar')}: تم توصيل ٠٫٦٣١ ك.و.س بتكلفة ${formatMoney(1200, 'ar')}`,
      'تغيّرت كلمة المرور',
      'تغيّرت بيانات العنصر',
      'أُضيف العنصر بي واي دي',
      'سُجّل تغيير',
    ]);
    const text = history.textContent!;
    expect(text).toContain(formatCairo(AT, 'ar'));
    expect(text).toContain('بواسطة النظام');
    expect(text).toContain('بيانات العرض التجريبي');
    expect(text).not.toMatch(/[0-9]/);
    expect(text).not.toMatch(/demo seed|system|passwordHash/);
  });
});

describe('the pricing history names the seed in words', () => {
  it('[ar] "system" and "demo seed" are translated', async () => {
    const change: PricingChangeView = {
      changeId: 'p1',
      acPricePerKwh: 189,
      dcPricePerKwh: 375,
      minimumCharge: 2000,
      bookingFeePerMinute: 50,
      effectiveFrom: AT,
      previous: null,
      changedBy: { type: 'system', id: 'system', name: null },
      changedAt: AT,
      reason: 'demo seed',
    };
    stubApi((req) =>
      req.url.startsWith('/api/queries/admin/pricing-history') ? { body: { dataList: [change], totalCount: 1 } } : undefined,
    );
    storeSession(makeSession('staff'));
    await renderApp('/admin/chargerspricingsettings?lang=ar');
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('النظام'));
    expect(row?.textContent).toContain('بيانات العرض التجريبي');
    expect(row?.textContent).not.toMatch(/system|demo seed/);
  });
});
