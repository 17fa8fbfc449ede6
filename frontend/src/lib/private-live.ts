import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@evc/contracts/site';
import { pathOf } from './api';
import type { ReadModelName } from '@evc/contracts/shared';

/** Polling interval while the stream is down, and the wait before opening it again. */
export const LIVE_POLL_MS = 5_000;
export const LIVE_RETRY_MS = 30_000;

export interface SseFrame {
  event: string;
  data: string;
}

/** Splits an SSE text buffer into complete frames and the unfinished rest (frames end with a blank line). */
export function parseSseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const parts = normalized.split('\n\n');
  const rest = parts.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const part of parts) {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

/** Which query-key roots each private read model feeds (a collection → the roots its change invalidates). */
export type PrivateKeyRoots = Partial<Record<ReadModelName, readonly (readonly string[])[]>>;

function invalidateAll(client: QueryClient, roots: PrivateKeyRoots) {
  for (const keys of Object.values(roots)) for (const queryKey of keys ?? []) void client.invalidateQueries({ queryKey });
}

/**
 * Once the stream listens: what was read before it did (answered, or still on its way) may already be stale, since a
 * change made in between reached no stream. Those queries read again; the ones started later are current.
 */
function catchUp(client: QueryClient, roots: PrivateKeyRoots, openedAt: number) {
  const readBefore = (query: Query) =>
    query.state.fetchStatus === 'fetching' || (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt <= openedAt);
  for (const keys of Object.values(roots))
    for (const queryKey of keys ?? []) void client.invalidateQueries({ queryKey, predicate: readBefore });
}

/**
 * Follows `GET /api/live/me` (SSE over fetch, so the bearer token can go in a header) and invalidates the queries
 * `roots` maps a changed collection to: the customer's own read models, or those a staff member's privileges cover.
 * Each time the stream opens, the queries read before it listened are read again (a change in between is not lost).
 * When the stream cannot open or breaks, the queries are refetched every LIVE_POLL_MS instead, and the stream is
 * tried again after LIVE_RETRY_MS. Answers the unsubscribe function.
 */
export function subscribePrivateLive(client: QueryClient, getToken: () => string | null, roots: PrivateKeyRoots): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const startPolling = () => {
    poll ??= setInterval(() => invalidateAll(client, roots), LIVE_POLL_MS);
    if (!retry && !stopped) retry = setTimeout(() => ((retry = null), void open()), LIVE_RETRY_MS);
  };
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };

  async function open(): Promise<void> {
    if (stopped) return;
    const token = getToken();
    controller = new AbortController();
    try {
      const response = await fetch(pathOf('live.mine', {}), {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`live stream: HTTP ${response.status}`);
      stopPolling();
      catchUp(client, roots, Date.now());
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const { frames, rest } = parseSseFrames(buffer);
        buffer = rest;
        for (const frame of frames) {
          if (frame.event !== 'change') continue;
          let change: LiveChange;
          try {
            change = JSON.parse(frame.data) as LiveChange;
          } catch {
            continue;
          }
          if (typeof change?.collection !== 'string') continue;
          for (const queryKey of roots[change.collection as ReadModelName] ?? []) void client.invalidateQueries({ queryKey });
        }
      }
      throw new Error('live stream ended');
    } catch {
      if (!stopped) startPolling();
    }
  }

  void open();
  return () => {
    stopped = true;
    controller?.abort();
    stopPolling();
    if (retry) clearTimeout(retry);
  };
}
