import { APP_VERSION } from '@evc/contracts/constants';
import type { VERSION_FILE_PATH } from '@evc/contracts/operations';
import { isNewerVersion } from './semver';

export interface VersionCheckDeps {
  fetchVersion: () => Promise<string | null>;
  clearCaches: () => Promise<void>;
  reload: () => void;
}

/** A static file beside index.html, not an API operation. */
const VERSION_FILE = '/version.json' satisfies typeof VERSION_FILE_PATH;

const browserDeps = (clearQueryCache: () => void): VersionCheckDeps => ({
  fetchVersion: async () => {
    const res = await fetch(VERSION_FILE, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : null;
  },
  clearCaches: async () => {
    clearQueryCache();
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
  },
  reload: () => window.location.reload(),
});

/** product-spec §1: a newer deployed version clears the caches and hard-reloads. Returns true when it reloads. */
export async function checkVersion(deps: VersionCheckDeps, current: string = APP_VERSION): Promise<boolean> {
  try {
    const latest = await deps.fetchVersion();
    if (!latest || !isNewerVersion(latest, current)) return false;
    await deps.clearCaches();
    deps.reload();
    return true;
  } catch {
    return false; // offline or no version file: keep running
  }
}

export const checkVersionInBrowser = (clearQueryCache: () => void) => checkVersion(browserDeps(clearQueryCache));
