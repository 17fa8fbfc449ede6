import { lazy, Suspense, useEffect, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../auth-state';

const InactivityMonitor = lazy(() => import('./inactivity-monitor').then((m) => ({ default: m.InactivityMonitor })));

/**
 * Root-level session effects: when the session ends (sign-out, failed refresh) the route guards run again, so a
 * guarded page sends the user to sign-in; while signed in, the inactivity monitor (its own chunk) runs.
 */
export function SessionEffects() {
  const session = useAtomValue(sessionAtom);
  const router = useRouter();
  const signedIn = session !== null;
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void router.invalidate();
  }, [signedIn, router]);

  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <InactivityMonitor />
    </Suspense>
  );
}
