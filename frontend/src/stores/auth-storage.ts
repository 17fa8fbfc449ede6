import { STORAGE_KEYS } from '@evc/contracts/shared';
import { isUserType } from '@evc/contracts/identity';
import type { AuthSession, SessionUser } from '@evc/contracts/identity';

/** The auth keys of docs/rules.md §3 (the refresh token itself is an httpOnly cookie; its key is only ever cleared). */
const AUTH_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expiry,
  STORAGE_KEYS.roles,
  STORAGE_KEYS.user,
  STORAGE_KEYS.userType,
  STORAGE_KEYS.rememberMe,
] as const;

type Area = 'local' | 'session';
function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled: the session lasts for this page only
  }
}

function write(storage: Storage | null, session: AuthSession): void {
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEYS.token, session.token);
    storage.setItem(STORAGE_KEYS.expiry, session.tokenExpiry);
    storage.setItem(STORAGE_KEYS.roles, JSON.stringify(session.roles));
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
    storage.setItem(STORAGE_KEYS.userType, String(session.userType));
    storage.setItem(STORAGE_KEYS.rememberMe, String(session.rememberMe));
  } catch {
    // quota or private mode: keep the session in memory only
  }
}

function removeAll(storage: Storage | null): void {
  if (!storage) return;
  for (const key of AUTH_KEYS) storage.removeItem(key);
}

function read(storage: Storage | null): AuthSession | null {
  if (!storage) return null;
  try {
    const token = storage.getItem(STORAGE_KEYS.token);
    const tokenExpiry = storage.getItem(STORAGE_KEYS.expiry) ?? '';
    const userType = Number(storage.getItem(STORAGE_KEYS.userType));
    const user = JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null') as SessionUser | null;
    const roles = JSON.parse(storage.getItem(STORAGE_KEYS.roles) ?? '[]') as unknown;
    if (!token || !user || typeof user !== 'object' || !isUserType(userType)) return null;
    return {
      token,
      tokenExpiry,
      user: {
        ...user,
        roles: Array.isArray(user.roles) ? user.roles : [],
        privileges: Array.isArray(user.privileges) ? user.privileges : [],
      },
      userType,
      roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
      rememberMe: storage.getItem(STORAGE_KEYS.rememberMe) === 'true',
    };
  } catch {
    return null; // corrupt JSON: treat as signed out
  }
}

/** Signing in stores the session in sessionStorage, and also in localStorage when remember-me is chosen. */
export function saveSession(session: AuthSession): void {
  write(area('session'), session);
  if (session.rememberMe) write(area('local'), session);
  else removeAll(area('local'));
}

/** On load the session is restored from localStorage first, then from sessionStorage. */
export function restoreSession(): AuthSession | null {
  return read(area('local')) ?? read(area('session'));
}

/** Signing out removes every auth key from both storages (the language choice stays). */
export function clearSession(): void {
  removeAll(area('local'));
  removeAll(area('session'));
}

/** The stored user type even without a usable session (docs/rules.md §2: type 1 leads to the staff sign-in). */
export function storedUserType(): number | null {
  for (const which of ['local', 'session'] as const) {
    const v = area(which)?.getItem(STORAGE_KEYS.userType);
    if (v) return Number(v);
  }
  return null;
}
