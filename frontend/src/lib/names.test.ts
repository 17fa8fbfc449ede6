// Arabic names wherever the data has one; "BMW BMW i4" shown once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, resetBrowserState } from '../testing/render-app';
import { asCustomer, makeCar } from '../testing/charging-fixtures';
import { batteryRangeName, carName, joinBrandType, masterName } from './names';

beforeEach(resetBrowserState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bmw = makeCar({
  brandNameEn: 'BMW',
  brandNameAr: 'بي إم دبليو',
  typeNameEn: 'BMW i4',
  typeNameAr: 'آي ٤',
  batteryRangeName: 'Above 80 kWh',
  batteryRangeNameAr: 'أكثر من ٨٠ كيلوواط ساعة',
});

describe('names', () => {
  it('joins brand and type without the brand twice', () => {
    expect(joinBrandType('BMW', 'BMW i4')).toBe('BMW i4');
    expect(joinBrandType('BMW', 'bmw i4')).toBe('bmw i4');
    expect(joinBrandType('BMW', 'i4')).toBe('BMW i4');
    expect(joinBrandType('MG Motor', 'MG4')).toBe('MG Motor MG4');
    expect(joinBrandType('إم جي', 'إم جي ٤')).toBe('إم جي ٤');
  });
  it('answers the Arabic name in Arabic, the English one otherwise, and English where no Arabic exists', () => {
    expect(carName(bmw, 'en')).toBe('BMW i4');
    expect(carName(bmw, 'ar')).toBe('بي إم دبليو آي ٤');
    expect(batteryRangeName(bmw, 'ar')).toBe('أكثر من ٨٠ كيلوواط ساعة');
    expect(batteryRangeName({ ...bmw, batteryRangeNameAr: '' }, 'ar')).toBe('Above 80 kWh');
    expect(masterName({ name: 'Super admin', nameTranslation: 'مدير عام' }, 'ar')).toBe('مدير عام');
  });
});

describe('the car list', () => {
  it.each([
    ['en', '/registerCarInfo', 'My cars', 'BMW i4 · Above 80 kWh'],
    ['ar', '/registerCarInfo?lang=ar', 'سياراتي', 'بي إم دبليو آي ٤ · أكثر من ٨٠ كيلوواط ساعة'],
  ])('%s: names the car once and its battery range in the language', async (_lang, url, title, line) => {
    asCustomer((req) => (req.url.startsWith('/api/queries/me/cars') ? { body: { dataList: [bmw], totalCount: 1 } } : undefined));
    await renderApp(url);
    await screen.findByRole('heading', { name: title });
    expect((await screen.findByTestId('car-name')).textContent).toBe(line);
  });
});
