import type { CommandBus } from '@nestjs/cqrs';
import { BUS_TOPICS, itemCause, type OutboundOcppResult } from '@evc/contracts';
import type { Bus, Consumer, ConsumerOptions } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { newContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { RecordChargerCommandOutcomeCommand } from './charger-commands';
import type { CommandResultFollower } from './command-result-followers';

export const COMMAND_RESULTS_GROUP = 'charger-command-results';
const log = createLogger('charger-command-results');

/**
 * Consumes `ocpp.outbound.results` (group charger-command-results) and records ChargerCommandSent /
 * ChargerCommandAnswered on the command's stream (both at once for an answer carrying `sentAt`: the gateway reports a
 * command `sent` on its own only when the charger is slow to answer) and, for a session's remote start, SessionStartAccepted or
 * SessionStartFailed on the session (a booking's ReserveNow: the charger's answer on the booking), through the
 * followers the composition names. At-least-once: the
 * deciders ignore repeats and late answers.
 *
 * Keyed by charger: each charger's results stay in order (`sent` before its answer) while different chargers' are
 * handled side by side. They share nothing but the event store: a command's stream and its session belong to one
 * charger, and a session the phone or the charger also writes is appended with its expected revision and retried.
 */
export function startChargerCommandResults(bus: Bus, commandBus: CommandBus, followers: readonly CommandResultFollower[] = []): Consumer {
  const options: ConsumerOptions = {
    groupId: COMMAND_RESULTS_GROUP,
    topics: [BUS_TOPICS.ocppOutboundResults],
    fromBeginning: true,
    concurrency: { perKey: true, max: 256 },
  };
  return bus.subscribe<OutboundOcppResult>(options, async ({ value: r }) => {
    const payload =
      r.status === 'sent'
        ? ({
            kind: 'sent',
            commandId: r.commandId,
            chargerId: r.chargerId,
            ocppAction: r.ocppAction,
            protocol: r.protocol,
            at: r.at,
          } as const)
        : ({
            kind: 'answer',
            commandId: r.commandId,
            chargerId: r.chargerId,
            status: r.status,
            response: r.response ?? null,
            error: r.error,
            at: r.at,
            ...(r.sentAt ? { sent: { ocppAction: r.ocppAction, protocol: r.protocol, at: r.sentAt } } : {}),
          } as const);
    const actor =
      r.status === 'offline' || r.status === 'timeout'
        ? { type: 'system' as const, id: 'ocpp-gateway' }
        : { type: 'charger' as const, id: r.chargerId };
    const causationId = itemCause('charger-command', r.commandId);
    try {
      await commandBus.execute(new RecordChargerCommandOutcomeCommand(payload, { ...newContext(actor), causationId }));
      if (r.status !== 'sent')
        for (const Follower of followers) await commandBus.execute(new Follower(r, { ...newContext(actor), causationId }));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      log.warn('charger command result refused', { commandId: r.commandId, sessionId: r.sessionId, code: error.code });
    }
  });
}
