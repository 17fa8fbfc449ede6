import type { QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@evc/contracts/site';
import type { ReadModelName } from '@evc/contracts/shared';
import { subscribePrivateLive } from '../../lib/private-live';
import { ME_LIVE_KEY_ROOTS } from './api/query-keys';

export { LIVE_POLL_MS, LIVE_RETRY_MS, parseSseFrames, type SseFrame } from '../../lib/private-live';

/** The query keys a change of the customer's read models invalidates. */
export function keysForChange(change: LiveChange): readonly (readonly string[])[] {
  return ME_LIVE_KEY_ROOTS[change.collection as ReadModelName] ?? [];
}

/** The customer's own changes (sessions, wallet, payments, notifications, cars, profile, requests) over /api/live/me. */
export const subscribeLiveMe = (client: QueryClient, getToken: () => string | null): (() => void) =>
  subscribePrivateLive(client, getToken, ME_LIVE_KEY_ROOTS);
