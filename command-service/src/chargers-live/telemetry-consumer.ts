import type { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { RecordChargerTelemetryCommand } from './chargers-live.commands';
import { liveCommandOf } from './live-command';

export const TELEMETRY_GROUP = 'charger-telemetry';
const log = createLogger('charger-telemetry');

/**
 * Consumes `ocpp.inbound` (group charger-telemetry) and records boots, connector status and connections on each
 * charger's live stream. At-least-once: a redelivered message is recognised by the decider and causes nothing. A
 * message its schema refuses, or refused by a rule, is logged and skipped (it would otherwise block its charger's
 * partition); a store failure throws, so the bus delivers the message again.
 */
export function startChargerTelemetry(bus: Bus, commandBus: CommandBus): Consumer {
  // Chargers are keys: different chargers of a partition are recorded concurrently (their appends share the event
  // store's group commit), each charger's messages still in order.
  const options: ConsumerOptions = {
    groupId: TELEMETRY_GROUP,
    topics: [BUS_TOPICS.ocppInbound],
    fromBeginning: true,
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<unknown>(options, async ({ key, value }) => {
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success)
      return log.warn('charger message refused by its schema', { chargerId: key, issue: parsed.error.issues[0]?.message });
    const m = parsed.data;
    const context = { ...newContext({ type: 'charger', id: m.chargerId }), causationId: `${m.connectionId}/${m.messageId}` };
    try {
      await commandBus.execute(new RecordChargerTelemetryCommand(liveCommandOf(m), context));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('charger message refused', { chargerId: m.chargerId, message: m.message.type, code: error.code });
    }
  });
}
