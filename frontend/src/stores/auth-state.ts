import { atom } from 'jotai';
import type { AuthSession } from '@evc/contracts/identity';
import type { Privilege } from '@evc/contracts/shared';
import { USER_TYPE } from '@evc/contracts/identity';
import { clearSession, saveSession } from './auth-storage';

const baseSessionAtom = atom<AuthSession | null>(null);

/** The signed-in session, or null. Writing it persists it (session/local storage); writing null clears storage. */
export const sessionAtom = atom(
  (get) => get(baseSessionAtom),
  (_get, set, next: AuthSession | null) => {
    if (next) saveSession(next);
    else clearSession();
    set(baseSessionAtom, next);
  },
);

/** Puts a restored session in the store without writing storage again. */
export const restoredSessionAtom = atom(null, (_get, set, session: AuthSession | null) => set(baseSessionAtom, session));

export const isStaff = (s: AuthSession | null): boolean => s?.userType === USER_TYPE.staff;
export const isCustomer = (s: AuthSession | null): boolean => s?.userType === USER_TYPE.customer;

export function hasPrivilege(s: AuthSession | null, privilege: Privilege | undefined): boolean {
  if (!privilege) return s !== null;
  return isStaff(s) && (s?.user.privileges ?? []).includes(privilege);
}

export const displayName = (s: AuthSession | null): string => (s ? `${s.user.firstName} ${s.user.lastName}`.trim() : '');
