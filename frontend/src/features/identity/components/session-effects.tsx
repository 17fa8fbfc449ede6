import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { requireAppCatalog } from '../../../lib/i18n/load-messages';
import { sessionAtom } from '../../../stores/auth-state';

const InactivityMonitor = lazy(() => import('./inactivity-monitor').then((m) => ({ default: m.InactivityMonitor })));

/**
 * Root-level session effects: when the session ends (sign-out, failed refresh) the route guards run again, so a
 * guarded page sends the user to sign-in; while signed in, the inactivity monitor (its own chunk) runs, once the app
 * catalog (its warning's messages) has loaded.
 */
export function SessionEffects() {
  const session = useAtomValue(sessionAtom);
  const router = useRouter();
  const signedIn = session !== null;
  const first = useRef(true);
  const store = useStore();
  const [appCatalog, setAppCatalog] = useState(false);

  useEffect(() => {
    if (signedIn)
      void requireAppCatalog(store).then(
        () => setAppCatalog(true),
        () => undefined,
      );
  }, [signedIn, store]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [signedIn, router]);

  if (!signedIn || !appCatalog) return null;
  return (
    <Suspense fallback={null}>
      <InactivityMonitor />
    </Suspense>
  );
}
