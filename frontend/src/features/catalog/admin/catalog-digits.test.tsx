import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MasterDataItemView } from '@evc/contracts/catalog';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';
import { localDigits } from '../../../lib/format';

beforeEach(() => resetBrowserState());
afterEach(() => cleanup());

const item = (over: Partial<MasterDataItemView>): MasterDataItemView => ({
  itemId: 'type-mg-mg4',
  kind: 'carType',
  name: 'MG4',
  nameTranslation: 'إم جي ٤',
  value: '77.4',
  parentId: 'brand-mg',
  parentName: 'MG Motor',
  parentNameAr: 'إم جي',
  isActive: true,
  usageCount: 0,
  revision: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('catalog values in the page’s digits', () => {
  it('the car types’ value column and the battery ranges are Eastern Arabic in Arabic', async () => {
    stubApi((req) => (req.url.startsWith('/api/queries/admin/masterdata') ? { body: { dataList: [item({})], totalCount: 1 } } : undefined));
    storeSession(makeSession('staff'));
    await renderApp('/admin/masterdata/cartype?lang=ar');
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('إم جي ٤') && r.closest('tbody'))!;
    expect(row.textContent).toContain('٧٧٫٤');
    expect(row.textContent).not.toContain('77.4');
    expect(localDigits('40-60', 'ar')).toBe('٤٠-٦٠');
    expect(localDigits('40-60', 'en')).toBe('40-60');
  });
});
