// Digits are consistent within an Arabic message, and no double punctuation after the currency.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import ar from './ar/app.json';
import arPublic from './ar/public.json';
import { formatMoney } from '../lib/format';

/** Names and codes written the same in every language: a cable type and an example charger id. */
const IDENTIFIERS = /Type 2|EVC-001-DC1/g;
/** Drops ICU arguments (nested ones too), whose numbers Intl writes in the language's digits. */
function text(message: string): string {
  let out = message;
  for (let previous = ''; previous !== out; ) {
    previous = out;
    out = out.replace(/\{[^{}]*\}/g, '');
  }
  return out.replace(IDENTIFIERS, '');
}

describe('Arabic digits', () => {
  it('no Arabic message writes a number in Western digits', () => {
    const western = Object.entries({ ...arPublic, ...ar }).filter(([, m]) => /[0-9]/.test(text(m)));
    expect(western.map(([k, m]) => `${k}: ${m}`)).toEqual([]);
  });

  it('money ends a sentence with one full stop ("ج.م." is written "ج.م"), and numbers in a message are Eastern Arabic', () => {
    const intl = createIntl({ locale: 'ar-EG', messages: { ...arPublic, ...ar } });
    const summary = intl.formatMessage(
      { id: 'charging.stopped.summary' },
      { energy: intl.formatNumber(12.5), cost: formatMoney(2500, 'ar') },
    );
    expect(summary).not.toMatch(/\.\u200f?\./);
    expect(summary).not.toMatch(/[0-9]/);
    expect(summary).toMatch(/٢٥٫٠٠\sج\.م\u200f?\.$/);
    expect(formatMoney(2500, 'en')).toMatch(/^EGP\s25\.00$/);
  });
});
