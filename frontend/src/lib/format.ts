import type { Locale } from '@evc/contracts/shared';
import { CURRENCY, PIASTRES_PER_EGP } from '@evc/contracts/shared';

/** Intl locale tags per UI language (dates and numbers). */
export const intlLocale = (locale: Locale): string => (locale === 'ar' ? 'ar-EG' : 'en-GB');

/**
 * EGP in the language's digits. Arabic abbreviates the pound "ج.م." whose last dot doubles a sentence's full stop
 * ("١٠٫٠٠ ج.م..") and sits before every comma: it is written "ج.م", as is common.
 */
export function formatMoney(piastres: number, locale: Locale): string {
  const text = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: CURRENCY }).format(piastres / PIASTRES_PER_EGP);
  return locale === 'ar' ? text.replace(/ج\.م\.(?=\u200f?$)/u, 'ج.م') : text;
}

/** Free text holding numbers (a catalog value "40-60", "77.4") in the page's digits: Eastern Arabic in Arabic. */
export const localDigits = (text: string, locale: Locale): string =>
  locale === 'ar' ? text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!).replace(/(?<=[٠-٩])\.(?=[٠-٩])/g, '٫') : text;

export const formatNumber = (value: number, locale: Locale, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(intlLocale(locale), options).format(value);

/** Energy arrives in Wh; shown as kWh below 1 MWh, else MWh (the unit is translated by the caller). */
export function formatEnergy(wh: number, locale: Locale): { value: string; unit: 'kWh' | 'MWh' } {
  const mega = wh >= 1_000_000;
  const value = formatNumber(mega ? wh / 1_000_000 : wh / 1000, locale, { maximumFractionDigits: 1 });
  return { value, unit: mega ? 'MWh' : 'kWh' };
}

export function formatDistance(metres: number, locale: Locale): string {
  if (metres < 1000) return formatNumber(Math.round(metres), locale, { style: 'unit', unit: 'meter' });
  return formatNumber(metres / 1000, locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
}

/** A date in Cairo (Africa/Cairo): lib/cairo-time.ts formats every other instant. */
export const formatDate = (iso: string | Date, locale: Locale): string =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'Africa/Cairo' }).format(new Date(iso));

/** kWh with up to two decimals. */
export const formatKwh = (wh: number, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(wh / 1000);
