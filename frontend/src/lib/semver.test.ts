import { describe, expect, it, vi } from 'vitest';
import { compareVersions, isNewerVersion } from './semver';
import { checkVersion } from './version-check';

describe('compareVersions', () => {
  it.each([
    ['1.11.55', '1.11.55', 0],
    ['1.11.56', '1.11.55', 1],
    ['1.12.0', '1.11.55', 1],
    ['2.0.0', '1.99.99', 1],
    ['1.11.54', '1.11.55', -1],
    ['1.9.0', '1.11.0', -1], // numeric, not lexical
    ['1.11', '1.11.0', 0],
    ['v1.11.55', '1.11.55', 0],
    ['1.11.55-rc.1', '1.11.55', -1],
    ['1.11.56-rc.1', '1.11.55', 1],
  ] as const)('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('isNewerVersion is true only for a strictly newer version', () => {
    expect(isNewerVersion('1.11.56', '1.11.55')).toBe(true);
    expect(isNewerVersion('1.11.55', '1.11.55')).toBe(false);
    expect(isNewerVersion('1.10.99', '1.11.55')).toBe(false);
  });
});

describe('checkVersion', () => {
  const deps = (version: string | null, remembered: string | null = null) => {
    let memory = remembered;
    return {
      fetchVersion: vi.fn(async () => version),
      clearCaches: vi.fn(async () => undefined),
      reload: vi.fn(),
      reloadedFor: { get: () => memory, set: (v: string) => void (memory = v) },
    };
  };

  it('clears caches and reloads when the deployed version is newer', async () => {
    const d = deps('1.11.56');
    await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'reloading', latest: '1.11.56' });
    expect(d.clearCaches).toHaveBeenCalledOnce();
    expect(d.reload).toHaveBeenCalledOnce();
  });

  it('keeps running on the same, an older or a missing version', async () => {
    for (const v of ['1.11.55', '1.0.0', null]) {
      const d = deps(v);
      await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'current' });
      expect(d.reload).not.toHaveBeenCalled();
    }
  });

  it('reloads at most once per version: the version file staying newer after the reload gives the banner, not a loop', async () => {
    const d = deps('1.11.56');
    await checkVersion(d, '1.11.55');
    // the page came back from the reload with the same (stale) bundle: same tab, same memory
    await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'stale', latest: '1.11.56' });
    await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'stale', latest: '1.11.56' });
    expect(d.reload).toHaveBeenCalledOnce();
  });

  it('a still newer version deserves its own reload', async () => {
    const d = deps('1.11.57', '1.11.56');
    await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'reloading', latest: '1.11.57' });
    expect(d.reload).toHaveBeenCalledOnce();
  });

  it('never reloads when it cannot remember having reloaded (storage disabled)', async () => {
    const d = { ...deps('1.11.56'), reloadedFor: { get: () => null, set: () => undefined } };
    await expect(checkVersion(d, '1.11.55')).resolves.toEqual({ outcome: 'stale', latest: '1.11.56' });
    expect(d.reload).not.toHaveBeenCalled();
  });
});
