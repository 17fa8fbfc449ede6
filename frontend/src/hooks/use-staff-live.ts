import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { subscribePrivateLive, type PrivateKeyRoots } from '../lib/private-live';
import { sessionAtom } from '../stores/auth-state';

/**
 * Keeps a staff screen live on the private read models its privileges cover (sessions, contact requests…): the
 * server's `/api/live/me` sends staff only those, and `roots` says which queries each one refreshes.
 */
export function useStaffLive(roots: PrivateKeyRoots) {
  const client = useQueryClient();
  const store = useStore();
  const key = JSON.stringify(roots);
  useEffect(
    () => subscribePrivateLive(client, () => store.get(sessionAtom)?.token ?? null, JSON.parse(key) as PrivateKeyRoots),
    [client, store, key],
  );
}
