import { Suspense, lazy } from 'react';
import { useAtomValue } from 'jotai';
import { newerVersionAtom } from '../stores/version-state';

// its own chunk: almost every page load never shows it (the landing page's first paint stays as small as it was)
const UpdateBanner = lazy(() => import('../components/update-banner').then((m) => ({ default: m.UpdateBanner })));

/** The "new version available" banner, loaded only once the version check found a newer version it cannot load. */
export function NewerVersion() {
  const newer = useAtomValue(newerVersionAtom);
  return newer ? (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  ) : null;
}
