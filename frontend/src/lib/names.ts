import type { Locale } from '@evc/contracts/shared';
import { joinBrandType } from '@evc/contracts/catalog';

/** Shared with the server, which names a customer's car the same way on the customers screen. */
export { joinBrandType };

/** Master data (brands, types, battery ranges, roles…) in the UI language: the Arabic name wherever the item has one. */
export const masterName = (item: { name: string; nameTranslation?: string | null }, locale: Locale): string =>
  locale === 'ar' ? item.nameTranslation || item.name : item.name;

interface CarNames {
  brandNameEn: string;
  brandNameAr: string;
  typeNameEn: string;
  typeNameAr: string;
  batteryRangeName: string;
  batteryRangeNameAr?: string;
}

/** A car as a person names it, in the UI language: "BMW i4" (never "BMW BMW i4"), "بي إم دبليو آي ٤". */
export const carName = (car: CarNames, locale: Locale): string =>
  locale === 'ar'
    ? joinBrandType(car.brandNameAr || car.brandNameEn, car.typeNameAr || car.typeNameEn)
    : joinBrandType(car.brandNameEn, car.typeNameEn);

/** The car's battery range in the UI language. */
export const batteryRangeName = (car: CarNames, locale: Locale): string =>
  locale === 'ar' ? car.batteryRangeNameAr || car.batteryRangeName : car.batteryRangeName;
