import type { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, type InboundOcppMessage } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { RecordChargerTelemetryCommand } from './chargers-live.commands';
import { translateInbound } from './ocpp-translate';

export const TELEMETRY_GROUP = 'charger-telemetry';
const log = createLogger('charger-telemetry');

/**
 * Consumes `ocpp.inbound` (group charger-telemetry) and records boots, connector status and connections on each
 * charger's live stream. At-least-once: a redelivered message is recognised by the decider and causes nothing. A
 * message refused by a rule is logged and skipped (it would otherwise block its charger's partition); a store
 * failure throws, so the bus delivers the message again.
 */
export function startChargerTelemetry(bus: Bus, commandBus: CommandBus): Consumer {
  // Chargers are keys: different chargers of a partition are recorded concurrently (their appends share the event
  // store's group commit), each charger's messages still in order.
  const options: ConsumerOptions = { groupId: TELEMETRY_GROUP, topics: [BUS_TOPICS.ocppInbound], fromBeginning: true, concurrency: { perKey: true, max: 256 } };
  return bus.subscribe<InboundOcppMessage>(options, async ({ value }) => {
    const command = translateInbound(value);
    if (!command) return;
    const context = { ...newContext({ type: 'charger', id: value.chargerId }), causationId: `${value.connectionId}/${value.messageId}` };
    try {
      await commandBus.execute(new RecordChargerTelemetryCommand(command, context));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('charger message refused', { chargerId: value.chargerId, action: value.action, code: error.code });
    }
  });
}
