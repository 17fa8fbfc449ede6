// Two master-data items with the same name under one parent are refused with a clear message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeCatalogItem } from '../../../testing/catalog-fixtures';
import { makeSession, renderApp, resetBrowserState, storeSession, stubApi } from '../../../testing/render-app';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const byd = makeCatalogItem('brand-byd', 'BYD', 'carBrand', null, { nameTranslation: 'بي واي دي' });

describe('a name already taken', () => {
  for (const [lang, labels, alert, beside] of [
    [
      'en',
      { add: 'Add', name: 'Name', nameAr: 'Name translation', save: 'Save' },
      'Another item here already has this name. Choose another name.',
      'This name is already taken',
    ],
    [
      'ar',
      { add: 'إضافة', name: 'الاسم', nameAr: 'ترجمة الاسم', save: 'حفظ' },
      'يوجد عنصر آخر بهذا الاسم هنا. اختر اسمًا آخر.',
      'هذا الاسم مستخدم بالفعل',
    ],
  ] as const) {
    it(`${lang}: adding a second "byd" brand says the name is taken, beside the name, and keeps the input`, async () => {
      const sent: unknown[] = [];
      stubApi((req) => {
        if (req.url === '/api/commands/masterdata.create') {
          sent.push(req.body);
          return {
            status: 409,
            body: { code: 'catalog.name_exists', message: 'taken', fieldErrors: [{ path: 'name', code: 'name_taken' }] },
          };
        }
        if (req.url.startsWith('/api/queries/admin/masterdata')) return { body: { dataList: [byd], totalCount: 1 } };
        return undefined;
      });
      storeSession(makeSession('staff'));
      await renderApp(`/admin/masterdata/carbrand${lang === 'ar' ? '?lang=ar' : ''}`);
      fireEvent.click(await screen.findByRole('button', { name: labels.add }));
      fireEvent.change(await screen.findByLabelText(labels.name), { target: { value: ' byd ' } });
      fireEvent.change(screen.getByLabelText(labels.nameAr), { target: { value: 'بي واي دي الجديدة' } });
      fireEvent.click(screen.getByRole('button', { name: labels.save }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(await screen.findByText(alert)).toBeTruthy();
      expect(await screen.findByText(beside)).toBeTruthy();
      expect((screen.getByLabelText(labels.name) as HTMLInputElement).value).toBe(' byd ');
    });
  }
});
