import type { CommandBus } from '@nestjs/cqrs';
import type { Bus, Consumer } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { chargerMessageContext, consumeChargerMessages, skipRefused } from '../shared/charger-messages';
import { RecordChargerTelemetryCommand } from './chargers-live.commands';
import { liveCommandOf } from './live-command';

export const TELEMETRY_GROUP = 'charger-telemetry';
const log = createLogger('charger-telemetry');

/**
 * Consumes `ocpp.inbound` (group charger-telemetry) and records boots, connector status and connections on each
 * charger's live stream. At-least-once: a redelivered message is recognised by the decider and causes nothing. A
 * message refused by its schema or by a rule is logged and skipped; a store failure throws, so the bus delivers the
 * message again.
 */
export function startChargerTelemetry(bus: Bus, commandBus: CommandBus): Consumer {
  return consumeChargerMessages(bus, TELEMETRY_GROUP, log, (m) =>
    skipRefused(log, 'charger message refused', { chargerId: m.chargerId, message: m.message.type }, () =>
      commandBus.execute(new RecordChargerTelemetryCommand(liveCommandOf(m), chargerMessageContext(m))),
    ),
  );
}
