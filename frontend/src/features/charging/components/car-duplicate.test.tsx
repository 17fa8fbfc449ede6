// The same car twice for one customer is refused with a clear message, in both languages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../../../testing/render-app';
import { makeCatalogItem } from '../../../testing/catalog-fixtures';
import { asCustomer, calls, makeCar } from '../../../testing/charging-fixtures';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the same car twice', () => {
  for (const [lang, labels, text] of [
    [
      'en',
      {
        brand: 'Car brand',
        type: 'Car type',
        range: 'Battery range',
        customs: 'Customs release certificate instead',
        file: 'Customs release certificate',
        submit: 'Add car',
      },
      'This car is already on your list (same brand, type and battery range).',
    ],
    [
      'ar',
      {
        brand: 'ماركة السيارة',
        type: 'طراز السيارة',
        range: 'سعة البطارية',
        customs: 'شهادة الإفراج الجمركي بدلًا منها',
        file: 'شهادة الإفراج الجمركي',
        submit: 'أضف السيارة',
      },
      'هذه السيارة موجودة بالفعل في قائمتك (نفس الماركة والطراز وسعة البطارية).',
    ],
  ] as const) {
    it(`${lang}: registering a car the customer already has says so, and keeps the form`, async () => {
      const requests = asCustomer((req) => {
        const url = new URL(req.url, 'http://x');
        if (url.pathname === '/api/queries/car-options') {
          const kind = url.searchParams.get('kind');
          if (kind === 'carBrand') return { body: { dataList: [makeCatalogItem('b-nissan', 'Nissan', 'carBrand')], totalCount: 1 } };
          if (kind === 'carType') return { body: { dataList: [makeCatalogItem('t-leaf', 'Leaf', 'carType', 'b-nissan')], totalCount: 1 } };
          return { body: { dataList: [makeCatalogItem('r-40', '40 kWh', 'batteryRange')], totalCount: 1 } };
        }
        if (url.pathname === '/api/files')
          return { body: { fileId: 'a'.repeat(64), contentType: 'image/png', size: 10, purpose: 'licence' } };
        if (url.pathname === '/api/commands/cars.register')
          return {
            status: 409,
            body: {
              code: 'charging.car_exists',
              message: 'This car is already on your list',
              fieldErrors: [{ path: 'typeId', code: 'car_exists' }],
            },
          };
        if (url.pathname === '/api/queries/me/cars') return { body: { dataList: [makeCar()], totalCount: 1 } };
        return undefined;
      });
      await renderApp(`/registerCarInfo${lang === 'ar' ? '?lang=ar' : ''}`);
      await screen.findByRole('option', { name: lang === 'ar' ? 'Nissan-ar' : 'Nissan' });
      fireEvent.change(screen.getByLabelText(labels.brand), { target: { value: 'b-nissan' } });
      await screen.findByRole('option', { name: lang === 'ar' ? 'Leaf-ar' : 'Leaf' });
      fireEvent.change(screen.getByLabelText(labels.type), { target: { value: 't-leaf' } });
      fireEvent.change(screen.getByLabelText(labels.range), { target: { value: 'r-40' } });
      fireEvent.click(screen.getByLabelText(labels.customs));
      fireEvent.change(screen.getByLabelText(labels.file), { target: { files: [new File(['x'], 'c.png', { type: 'image/png' })] } });
      await waitFor(() => expect(calls(requests, '/api/files')).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: labels.submit }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect((screen.getByLabelText(labels.type) as HTMLSelectElement).value).toBe('t-leaf');
    });
  }
});
