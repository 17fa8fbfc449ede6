// Arabic agrees the counted noun with its number ("١٠ دقائق", "١١ دقيقة", "دقيقتان"): counts go through ICU plural rules.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import ar from './ar/app.json';
import arPublic from './ar/public.json';

const COUNTED = /\{\w+(?:, number)?\}\s*(?:دقيقة|دقائق|ساعة|ساعات|شاحن|شواحن|يوم|أيام)/;

describe('Arabic number agreement', () => {
  it('no Arabic message writes a counted noun after a bare number', () => {
    const bare = Object.entries({ ...arPublic, ...ar }).filter(([, m]) => COUNTED.test(m));
    expect(bare.map(([k, m]) => `${k}: ${m}`)).toEqual([]);
  });

  it('minutes, hours and chargers take the form their number needs', () => {
    const intl = createIntl({ locale: 'ar-EG', messages: { ...arPublic, ...ar } });
    const say = (id: string, values: Record<string, number | string>) => intl.formatMessage({ id }, values);
    expect(say('demo.limits', { chargers: 10, minutes: 10 })).toMatch(/^حتى ١٠ شواحن محاكاة لمدة ١٠ دقائق؛/);
    expect(say('demo.limits', { chargers: 2, minutes: 15 })).toMatch(/^حتى شاحنَي محاكاة لمدة ١٥ دقيقة؛/);
    expect(say('receipt.bookingFee', { minutes: 1, fee: '١٫٠٠ ج.م' })).toBe('رسوم الحجز (دقيقة واحدة × ١٫٠٠ ج.م)');
    expect(say('charging.target.duration', { hours: 2, minutes: 10 })).toBe('ساعتان ١٠ دقائق');
    expect(say('booking.feeRule', { grace: 10 })).toContain('خلال ١٠ دقائق من موعد البدء');
    expect(say('dashboard.chargersTotal', { total: 11 })).toBe('من ١١ شاحنًا');
  });
});
