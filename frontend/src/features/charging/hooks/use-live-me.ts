import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { sessionAtom } from '../../../stores/auth-state';
import { subscribeLiveMe } from '../live-me';

/** While mounted, the customer's own changes (sessions, wallet, payments, notifications, cars) refresh their queries. */
export function useLiveMe(): void {
  const client = useQueryClient();
  const store = useStore();
  useEffect(() => subscribeLiveMe(client, () => store.get(sessionAtom)?.token ?? null), [client, store]);
}
