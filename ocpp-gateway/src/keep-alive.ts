import type { Logger } from '@evc/platform/logging/logger';
import { warnEach } from '@evc/platform/logging/repeated-warning';
import type { Connection, RpcClient } from './connection';
import { HEARTBEAT_INTERVAL_S } from './inbound';

/** A charger silent (no frame at all) for this many heartbeat intervals is disconnected, so it shows offline. */
export const SILENT_INTERVALS = 2;

/** The keep-alive: a connection quiet (no frame, no pong) this long is pinged by the shared sweep. */
export const PING_AFTER_MS = 30_000;

/** Closes every connection that sent nothing for SILENT_INTERVALS heartbeat intervals; answers their charger ids. */
export function closeSilent(connections: Iterable<Connection>, log: Logger, now: number): string[] {
  const limit = SILENT_INTERVALS * HEARTBEAT_INTERVAL_S * 1000;
  const silent = [...connections].filter((c) => now - c.lastFrameAt > limit);
  for (const c of silent)
    void c.client.close({ code: 1001, reason: 'No heartbeat', force: true } as { code: number; reason: string }).catch(() => undefined);
  warnEach(
    log,
    'charger silent, closing its connection',
    silent.map((c) => ({ chargerId: c.client.identity, silentForMs: now - c.lastFrameAt })),
  );
  return silent.map((c) => c.client.identity);
}

/**
 * The keep-alive of every connection in one sweep, instead of ocpp-rpc's timer per client: a connection quiet for
 * `pingAfterMs` is pinged; one whose ping is unanswered `pingAfterMs` later is terminated (a dead socket: its charger
 * reconnects). Answers the charger ids terminated.
 */
export function pingQuiet(connections: Iterable<Connection>, log: Logger, now: number, pingAfterMs: number): string[] {
  const dead: string[] = [];
  const unanswered: Record<string, unknown>[] = [];
  for (const c of connections) {
    const ws = (c.client as RpcClient & { _ws?: { ping(): void; terminate(): void } })._ws;
    if (!ws) continue;
    if (c.awaitingPong) {
      if (now - c.pingSentAt < pingAfterMs) continue;
      unanswered.push({ chargerId: c.chargerId, pingSentAt: new Date(c.pingSentAt).toISOString() });
      ws.terminate();
      dead.push(c.chargerId);
    } else if (now - c.lastSeenAt >= pingAfterMs) {
      c.pingSentAt = now;
      c.awaitingPong = true;
      try {
        ws.ping();
      } catch {
        ws.terminate();
        dead.push(c.chargerId);
      }
    }
  }
  warnEach(log, 'charger did not answer a ping, terminating its connection', unanswered);
  return dead;
}
