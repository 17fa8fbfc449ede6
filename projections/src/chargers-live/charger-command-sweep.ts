import { BUS_TOPICS, COMMAND_OFFLINE_AFTER_MS, COMMAND_TIMEOUT_MS, type OutboundOcppResult } from '@evc/contracts';
import type { Bus, Consumer, DocumentStore } from '@evc/platform';
import { OCPP_COMMANDS } from './charger-commands.projection';

/** Slack past the gateway's own call timeout before the sweep says `timeout` (the gateway normally says it first). */
export const TIMEOUT_SLACK_MS = 5_000;
const SWEEP_EVERY_MS = 1_000;

/**
 * Outcomes no gateway node can give, from the `ocpp_commands` read model, published on ocpp.outbound.results like
 * the gateway's own: `offline` for a command no node sent within COMMAND_OFFLINE_AFTER_MS (no node holds the
 * charger's socket; the gateway drops commands that old), `timeout` for one sent but unanswered for
 * COMMAND_TIMEOUT_MS + TIMEOUT_SLACK_MS (the node that sent it died). The command side ignores an `offline` for a
 * command a node did send, and any outcome after the first, so a lagging read model or a second sweep is harmless.
 */
export async function sweepChargerCommands(bus: Bus, documents: DocumentStore, now = Date.now()): Promise<OutboundOcppResult[]> {
  const offlineBefore = new Date(now - COMMAND_OFFLINE_AFTER_MS).toISOString();
  const timeoutBefore = new Date(now - COMMAND_TIMEOUT_MS - TIMEOUT_SLACK_MS).toISOString();
  const pending = await OCPP_COMMANDS.in(documents)
    .find(
      { status: 'pending', requestedAt: { $lt: offlineBefore } },
      { projection: { chargerId: 1, sentAt: 1, protocol: 1, ocppAction: 1 }, limit: 500 },
    )
    .toArray();
  const at = new Date(now).toISOString();
  const results: OutboundOcppResult[] = [];
  for (const c of pending) {
    if (c.sentAt !== null && c.sentAt >= timeoutBefore) continue;
    const status = c.sentAt === null ? 'offline' : 'timeout';
    const error =
      status === 'offline'
        ? 'No gateway node holds a connection to this charger'
        : 'The charger did not answer (its gateway node went away)';
    results.push({
      commandId: c._id,
      chargerId: c.chargerId,
      status,
      ocppAction: c.ocppAction,
      protocol: c.protocol,
      response: null,
      error,
      at,
    });
  }
  if (results.length > 0)
    await bus.publish<OutboundOcppResult>(
      BUS_TOPICS.ocppOutboundResults,
      results.map((value) => ({ key: value.chargerId, value })),
    );
  return results;
}

/** Runs sweepChargerCommands every second (0 turns it off; tests may call the sweep themselves). */
export function startChargerCommandSweep(bus: Bus, documents: DocumentStore, options: { everyMs?: number } = {}): Consumer {
  const every = options.everyMs ?? SWEEP_EVERY_MS;
  let running = false;
  const timer =
    every > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          void sweepChargerCommands(bus, documents)
            .catch(() => undefined)
            .finally(() => (running = false));
        }, every)
      : null;
  timer?.unref();
  return {
    ready: Promise.resolve(),
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
}
