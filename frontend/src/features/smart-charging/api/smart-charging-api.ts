import { useQuery } from '@tanstack/react-query';
import { READ_MODELS } from '@evc/contracts/shared';
import { positionOf, useCommand } from '../../../components/admin/admin-api';
import { api } from '../../../lib/api';
import type { PrivateKeyRoots } from '../../../lib/private-live';

/**
 * Query keys start with the read model's collection name, so a change on the live streams invalidates exactly the
 * queries built on it: a station's load (staff) and a session's share (its driver).
 */
export const smartChargingKeys = {
  siteLoad: (stationId: string, hours: number) => [READ_MODELS.siteLoad, stationId, hours] as const,
  sessionPower: (sessionId: string) => [READ_MODELS.sessionPower, sessionId] as const,
};

/** What a staff member's `/api/live/me` changes refresh on the station's page: the load, its chart, the sessions' shares. */
export const SITE_LOAD_LIVE_ROOTS: PrivateKeyRoots = {
  [READ_MODELS.siteLoad]: [[READ_MODELS.siteLoad]],
  [READ_MODELS.siteLoadPoints]: [[READ_MODELS.siteLoad]],
  [READ_MODELS.sessionPower]: [[READ_MODELS.siteLoad]],
};

export const useSiteLoad = (stationId: string, hours: number) =>
  useQuery({
    queryKey: smartChargingKeys.siteLoad(stationId, hours),
    queryFn: ({ signal }) =>
      api.query('smart-charging.site-load', { stationId, hours }, { signal, position: positionOf(READ_MODELS.siteLoad) }),
  });

/** Setting the limit reads its own write: the load query waits for the command's position. */
export const useSetGridLimit = () => useCommand(READ_MODELS.siteLoad, 'smart-charging.set-grid-limit');

export const useSessionPower = (sessionId: string) =>
  useQuery({
    queryKey: smartChargingKeys.sessionPower(sessionId),
    queryFn: ({ signal }) => api.query('me.session-power', { sessionId }, { signal }),
  });
