import type { createStore } from 'jotai';
import type { AuthSession } from '@evc/contracts/identity';
import { ApiRequestError, connectAuthBridge } from './api-client';
import { api } from './api';
import { restoreSession } from '../stores/auth-storage';
import { restoredSessionAtom, sessionAtom } from '../stores/auth-state';

type Store = ReturnType<typeof createStore>;

/** Restores the stored session into the store and lets the API client read and refresh it. */
export function connectSession(store: Store): void {
  store.set(restoredSessionAtom, restoreSession());
  connectAuthBridge({
    getToken: () => store.get(sessionAtom)?.token ?? null,
    getExpiry: () => {
      const expiry = Date.parse(store.get(sessionAtom)?.tokenExpiry ?? '');
      return Number.isNaN(expiry) ? null : expiry;
    },
    refresh: async () => {
      try {
        const next = await api.command('auth.refresh', {}, { auth: false });
        // a sign-out while the refresh was in flight wins
        if (!store.get(sessionAtom)) return null;
        store.set(sessionAtom, next);
        return next.token;
      } catch (error) {
        if (
          error instanceof ApiRequestError &&
          (error.status === 401 || error.status === 403 || error.code === 'identity.session_expired')
        ) {
          store.set(sessionAtom, null);
          return null;
        }
        throw error;
      }
    },
  });
}

/** Keeps a fresh session (sign-in). The UI keeps the language chosen on the page; /admin/settings changes both. */
export function startSession(store: Store, session: AuthSession): void {
  store.set(sessionAtom, session);
}

/** Clears every stored auth key at once, then revokes the refresh cookie on the server (best effort). */
export function signOut(store: Store): void {
  store.set(sessionAtom, null);
  void api.command('auth.sign-out', {}, { auth: false }).catch(() => undefined);
}
