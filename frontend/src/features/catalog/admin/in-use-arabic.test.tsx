// An in-use refusal lists its users in Arabic on the Arabic page (the server's params.namesAr).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeCatalogItem } from '../../../testing/catalog-fixtures';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byd = makeCatalogItem('brand-byd', 'BYD', 'carBrand', null, { nameTranslation: 'بي واي دي', usageCount: 2, revision: 4 });
const refusal = { names: 'Atto 3, Dolphin', namesAr: 'أتو ٣, دولفين', count: 2, action: 'delete' };

describe('in use, in Arabic', () => {
  for (const [lang, name, del, text] of [
    ['en', 'BYD', 'Delete', "The following data Atto 3 and Dolphin are in use and can't be deleted"],
    ['ar', 'بي واي دي', 'حذف', /البيانات التالية أتو ٣ و\s?دولفين مستخدمة ولا يمكن حذفها/],
  ] as const) {
    it(`${lang}: deleting a used brand names its types in the page's language`, async () => {
      stubApi((req) => {
        if (req.url === '/api/commands/masterdata.delete')
          return {
            status: 422,
            body: { code: 'catalog.in_use', message: 'in use', fieldErrors: [{ path: 'itemId', code: 'in_use', params: refusal }] },
          };
        if (req.url.startsWith('/api/queries/admin/masterdata')) return { body: { dataList: [byd], totalCount: 1 } };
        return undefined;
      });
      storeSession(makeSession('staff'));
      await renderApp(`/admin/masterdata/carbrand${lang === 'ar' ? '?lang=ar' : ''}`);
      const cell = await screen.findByRole('cell', { name });
      fireEvent.click(cell);
      await waitFor(() => expect(cell.closest('tr')!.getAttribute('aria-selected')).toBe('true'));
      fireEvent.click(screen.getByRole('button', { name: del }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: del }));
      expect(await screen.findByText(text)).toBeTruthy();
    });
  }
});

describe('the "In use" column', () => {
  for (const [lang, name, count] of [
    ['en', 'BYD', '12'],
    ['ar', 'بي واي دي', '١٢'],
  ] as const) {
    it(`${lang}: counts in the page's digits, like the other number columns`, async () => {
      stubApi((req) =>
        req.url.startsWith('/api/queries/admin/masterdata')
          ? { body: { dataList: [{ ...byd, usageCount: 12 }], totalCount: 1 } }
          : undefined,
      );
      storeSession(makeSession('staff'));
      await renderApp(`/admin/masterdata/carbrand${lang === 'ar' ? '?lang=ar' : ''}`);
      const row = (await screen.findByRole('cell', { name })).closest('tr')!;
      expect(within(row).getByRole('cell', { name: count })).toBeTruthy();
    });
  }
});
