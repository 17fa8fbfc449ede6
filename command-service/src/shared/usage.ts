import type { ErrorCode } from '@evc/contracts';
import { DomainError } from './domain-error';

/** What uses a catalog item: a child car type, a station, a customer's car. */
export interface UsedBy {
  id: string;
  kind: string;
  name: string;
  nameAr?: string;
}
export type Usage = Record<string, UsedBy>;

/** The kind a customer's car links itself as: it is counted, never named (staff may lack customers.read). */
export const CAR_USER_KIND = 'car';
/** What a car's link says of it: no customer, no plate, nothing personal. */
export const carUser = (carId: string): UsedBy => ({ id: carId, kind: CAR_USER_KIND, name: "A customer's car", nameAr: 'سيارة عميل' });

const EASTERN = '٠١٢٣٤٥٦٧٨٩';
const AR_PLURAL = new Intl.PluralRules('ar');
const arabicDigits = (n: number) => String(n).replace(/\d/g, (d) => EASTERN[Number(d)]!);
/** Customers' cars as one entry of the list: "3 customers' cars" / "٣ سيارات عملاء" (Arabic counts take their plural forms). */
function carsEntry(count: number): { en: string; ar: string } {
  const en = count === 1 ? "1 customer's car" : `${count} customers' cars`;
  const form = AR_PLURAL.select(count);
  const ar =
    form === 'one'
      ? 'سيارة عميل واحدة'
      : form === 'two'
        ? 'سيارتا عميلين'
        : `${arabicDigits(count)} ${form === 'few' ? 'سيارات عملاء' : 'سيارة عميل'}`;
  return { en, ar };
}

/**
 * "The following data ... are in use": the names go to the UI in fieldErrors[].params. Customers' cars are counted,
 * not listed, so the refusal tells staff without customers.read nothing about a customer.
 */
export function inUseError(path: string, usage: Usage, action: 'delete' | 'deactivate'): DomainError {
  const all = Object.values(usage);
  const users = all.filter((u) => u.kind !== CAR_USER_KIND);
  const cars = all.length - users.length;
  const list = (name: (u: UsedBy) => string, locale: string, extra?: string) =>
    [...users.map(name).sort((a, b) => a.localeCompare(b, locale)), ...(extra ? [extra] : [])].join(', ');
  const carNames = cars > 0 ? carsEntry(cars) : undefined;
  const names = list((u) => u.name, 'en', carNames?.en);
  // the Arabic page lists the Arabic names (the English one where a link has none)
  const namesAr = list((u) => u.nameAr || u.name, 'ar', carNames?.ar);
  const count = all.length;
  return new DomainError('catalog.in_use', `In use by ${names}; it can't be ${action === 'delete' ? 'deleted' : 'deactivated'}`, [
    { path, code: 'in_use', params: { names, namesAr, count, action } },
  ]);
}

/** The error a referring command gets when the item it wants to use is missing or gone. */
export interface MissingRef {
  code: ErrorCode;
  path: string;
  message: string;
}
export const missingRefError = (missing: MissingRef) =>
  new DomainError(missing.code, missing.message, [{ path: missing.path, code: 'not_found' }]);
