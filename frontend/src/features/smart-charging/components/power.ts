import type { Locale } from '@evc/contracts/shared';
import { formatNumber } from '../../../lib/format';

/** Watts as kW for people: one decimal at most (22 kW, 7.4 kW). */
export const formatKw = (watts: number, locale: Locale): string => formatNumber(watts / 1000, locale, { maximumFractionDigits: 1 });
