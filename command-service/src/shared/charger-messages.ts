import { BUS_TOPICS, inboundChargerMessageSchema, type InboundChargerMessage } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import type { Logger } from '@evc/platform/logging/logger';
import { newContext, type CommandContext } from './command-context';
import { DomainError } from './domain-error';

/**
 * Consumes `ocpp.inbound` from the beginning in group `groupId`, chargers as keys: different chargers' messages are
 * handled concurrently (their appends share the event store's group commit), each charger's still in order. A message
 * its schema refuses is logged and skipped (it would otherwise block its charger's partition).
 */
export function consumeChargerMessages(
  bus: Bus,
  groupId: string,
  log: Logger,
  handle: (message: InboundChargerMessage) => Promise<void>,
): Consumer {
  const options: ConsumerOptions = {
    groupId,
    topics: [BUS_TOPICS.ocppInbound],
    fromBeginning: true,
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<unknown>(options, async ({ key, value }) => {
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success)
      return log.warn('charger message refused by its schema', { chargerId: key, issue: parsed.error.issues[0]?.message });
    await handle(parsed.data);
  });
}

/** What a charger's message causes is the charger's doing, caused by that message (its connection and id). */
export const chargerMessageContext = (m: InboundChargerMessage, reason?: string): CommandContext => ({
  ...newContext({ type: 'charger', id: m.chargerId }, reason),
  causationId: `${m.connectionId}/${m.messageId}`,
});

/**
 * Runs one step a charger's message drives. A refusal by a rule is logged with `fields` and skipped; a store failure
 * throws, so the bus delivers the message again (every step is idempotent).
 */
export async function skipRefused(log: Logger, what: string, fields: Record<string, unknown>, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    log.warn(what, { ...fields, code: error.code });
  }
}
