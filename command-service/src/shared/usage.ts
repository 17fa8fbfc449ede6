import type { ErrorCode } from '@evc/contracts';
import { DomainError } from './domain-error';

/** What uses a catalog item: a child car type, a station, later cars and customers. */
export interface UsedBy {
  id: string;
  kind: string;
  name: string;
  nameAr?: string;
}
export type Usage = Record<string, UsedBy>;

/** "The following data ... are in use": the names go to the UI in fieldErrors[].params. */
export function inUseError(path: string, usage: Usage, action: 'delete' | 'deactivate'): DomainError {
  const users = Object.values(usage);
  const list = (name: (u: UsedBy) => string, locale: string) =>
    users
      .map(name)
      .sort((a, b) => a.localeCompare(b, locale))
      .join(', ');
  const names = list((u) => u.name, 'en');
  // the Arabic page lists the Arabic names (the English one where a link has none)
  const namesAr = list((u) => u.nameAr || u.name, 'ar');
  const count = users.length;
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
export const missingRefError = (missing: MissingRef) => new DomainError(missing.code, missing.message, [{ path: missing.path, code: 'not_found' }]);
