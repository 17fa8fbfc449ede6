import { describe, expect, it } from 'vitest';
import { PUBLIC_LIVE_READ_MODELS, READ_MODEL_NAMES, READ_MODELS, isReadModelName, type ReadModelName } from '@evc/contracts/shared';
import { ADMIN_LIVE_KEY_ROOTS, LIVE_KEY_ROOTS } from '../../lib/live-updates';
import { ME_LIVE_KEY_ROOTS } from './api/query-keys';

/**
 * Read models whose changes no screen refreshes on: their data is read on demand (staff lists reload on their own
 * actions), or they are the server's own bookkeeping. A new read model lands here or in a mapping, by decision.
 */
const NOT_FOLLOWED: readonly ReadModelName[] = [
  READ_MODELS.accounts,
  READ_MODELS.admins,
  READ_MODELS.customers,
  READ_MODELS.roles,
  READ_MODELS.resetLinks,
  READ_MODELS.accountAccess,
  READ_MODELS.endedSignIns,
  READ_MODELS.chargerAuth,
  READ_MODELS.countries,
  READ_MODELS.masterData,
  READ_MODELS.catalogUsage,
  READ_MODELS.ocppCommands,
  READ_MODELS.ocppMessages,
  READ_MODELS.pageViews,
  // polled while a request is open; changed only by their owner; read on demand for a month's report
  READ_MODELS.diagnosticsRequests,
  READ_MODELS.alertSubscriptions,
  READ_MODELS.uptimeSignals,
  READ_MODELS.uptimeStations,
];

const keys = (roots: object): string[] => Object.keys(roots);

describe('the live streams and the frontend name the same read models', () => {
  it('names only read models the server has, in every mapping', () => {
    for (const name of [...keys(LIVE_KEY_ROOTS), ...keys(ADMIN_LIVE_KEY_ROOTS), ...keys(ME_LIVE_KEY_ROOTS)])
      expect(isReadModelName(name), name).toBe(true);
  });

  it('maps every read model of the public stream, and only those, on the public pages', () => {
    expect(keys(LIVE_KEY_ROOTS).sort()).toEqual([...PUBLIC_LIVE_READ_MODELS].sort());
  });

  it('maps on the customer stream no read model the public stream carries (those never come on /api/live/me)', () => {
    for (const name of keys(ME_LIVE_KEY_ROOTS)) expect(PUBLIC_LIVE_READ_MODELS, name).not.toContain(name);
  });

  it('knows every read model the streams may name: mapped somewhere, or not followed by decision', () => {
    const mapped = new Set([...keys(LIVE_KEY_ROOTS), ...keys(ADMIN_LIVE_KEY_ROOTS), ...keys(ME_LIVE_KEY_ROOTS)]);
    for (const name of NOT_FOLLOWED) expect(mapped.has(name), `${name} is mapped: take it off NOT_FOLLOWED`).toBe(false);
    const known = new Set([...mapped, ...NOT_FOLLOWED]);
    expect(READ_MODEL_NAMES.filter((name) => !known.has(name))).toEqual([]);
    expect([...known].filter((name) => !isReadModelName(name))).toEqual([]);
  });
});
