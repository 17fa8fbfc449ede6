import type { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, inboundChargerMessageSchema } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { RecordDiagnosticsCommand } from './diagnostics.commands';

export const DIAGNOSTICS_STATUS_GROUP = 'diagnostics-status';
const log = createLogger('diagnostics-status');

/**
 * Consumes `ocpp.inbound` (group diagnostics-status) and records each DiagnosticsStatusReported on the charger's
 * diagnostics stream; every other message is skipped. At-least-once: a status repeated is recorded again, which
 * changes no request's outcome.
 */
export function startDiagnosticsStatus(bus: Bus, commandBus: CommandBus): Consumer {
  const options: ConsumerOptions = {
    groupId: DIAGNOSTICS_STATUS_GROUP,
    topics: [BUS_TOPICS.ocppInbound],
    fromBeginning: true,
    concurrency: { perKey: true, max: 64 },
  };
  return bus.subscribe<unknown>(options, async ({ value }) => {
    if ((value as { message?: { type?: unknown } } | null)?.message?.type !== 'DiagnosticsStatusReported') return;
    const parsed = inboundChargerMessageSchema.safeParse(value);
    if (!parsed.success || parsed.data.message.type !== 'DiagnosticsStatusReported') return;
    const { chargerId, connectionId, messageId, receivedAt, message } = parsed.data;
    const context = { ...newContext({ type: 'charger', id: chargerId }, 'charger-report'), causationId: `${connectionId}/${messageId}` };
    const command = {
      kind: 'status',
      chargerId,
      ocppRequestId: message.requestId,
      status: message.status,
      reportedStatus: message.reportedStatus,
      at: receivedAt,
    } as const;
    try {
      await commandBus.execute(new RecordDiagnosticsCommand(command, context));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('diagnostics status refused', { chargerId, code: error.code });
    }
  });
}
