import { APP_VERSION } from '@evc/contracts/shared';
import type { VERSION_FILE_PATH } from '@evc/contracts/operations';
import { isNewerVersion } from './semver';

export interface VersionCheckDeps {
  fetchVersion: () => Promise<string | null>;
  clearCaches: () => Promise<void>;
  reload: () => void;
  /** The version this tab last reloaded for (sessionStorage in the browser): one reload per version, never a loop. */
  reloadedFor: { get: () => string | null; set: (version: string) => void };
}

/** current: nothing newer; reloading: a hard reload is under way; stale: reloaded once already, still older (banner). */
export type VersionCheck = { outcome: 'current' } | { outcome: 'reloading'; latest: string } | { outcome: 'stale'; latest: string };

/** A static file beside index.html, not an API operation. */
const VERSION_FILE = '/version.json' satisfies typeof VERSION_FILE_PATH;
/** sessionStorage key: per tab, so a new tab tries a reload of its own once. */
export const RELOADED_FOR_KEY = 'evc.version.reloadedFor';

function sessionMemory(): VersionCheckDeps['reloadedFor'] {
  return {
    get: () => {
      try {
        return sessionStorage.getItem(RELOADED_FOR_KEY);
      } catch {
        return null;
      }
    },
    set: (version) => {
      try {
        sessionStorage.setItem(RELOADED_FOR_KEY, version);
      } catch {
        // storage disabled: the caller then never reloads (see checkVersion)
      }
    },
  };
}

export async function clearBrowserCaches(clearQueryCache: () => void): Promise<void> {
  clearQueryCache();
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((k) => caches.delete(k)));
  }
}

const browserDeps = (clearQueryCache: () => void): VersionCheckDeps => ({
  fetchVersion: async () => {
    const res = await fetch(VERSION_FILE, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : null;
  },
  clearCaches: () => clearBrowserCaches(clearQueryCache),
  reload: () => window.location.reload(),
  reloadedFor: sessionMemory(),
});

/**
 * docs/rules.md §1: a newer deployed version clears the caches and hard-reloads. When the served version file stays
 * newer than the bundle after that reload (a stale cache, a proxy), reloading again would loop for ever: the second
 * time the answer is `stale` and the page shows a "new version available" banner instead.
 */
export async function checkVersion(deps: VersionCheckDeps, current: string = APP_VERSION): Promise<VersionCheck> {
  try {
    const latest = await deps.fetchVersion();
    if (!latest || !isNewerVersion(latest, current)) return { outcome: 'current' };
    if (deps.reloadedFor.get() === latest) return { outcome: 'stale', latest };
    deps.reloadedFor.set(latest);
    // a storage that forgets (disabled, private mode) cannot bound the reloads: show the banner instead
    if (deps.reloadedFor.get() !== latest) return { outcome: 'stale', latest };
    await deps.clearCaches();
    deps.reload();
    return { outcome: 'reloading', latest };
  } catch {
    return { outcome: 'current' }; // offline or no version file: keep running
  }
}

export const checkVersionInBrowser = (clearQueryCache: () => void) => checkVersion(browserDeps(clearQueryCache));
