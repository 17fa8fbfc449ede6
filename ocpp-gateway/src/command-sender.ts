import {
  BUS_TOPICS,
  COMMAND_OFFLINE_AFTER_MS,
  COMMAND_SENT_REPORT_AFTER_MS,
  type OutboundOcppCommand,
  type OutboundOcppResult,
} from '@evc/contracts';
import type { Bus } from '@evc/platform';
import type { Logger } from '@evc/platform/logging/logger';
import type { Authorizer } from './authorizer';
import { CallTimeoutError, type CallDeadlines } from './call-deadlines';
import type { RpcClient } from './connection';
import { outcomeOf, outcomeOfCallError, toOcppCall } from './outbound';

/** How many command ids a node remembers, so a redelivered command is sent once. */
const RECENT_COMMANDS = 1000;

export interface CommandSenderOptions {
  bus: Bus;
  authorizer: Authorizer;
  /** The time limits of the commands sent (one sweep, not a timer per call). */
  deadlines: CallDeadlines;
  /** How long a charger has to answer a command. */
  commandTimeoutMs: number;
  /** The charger's socket when this node holds it. */
  clientOf(chargerId: string): RpcClient | undefined;
  log: Logger;
}

/** Commands from ocpp.outbound to the chargers whose sockets this node holds, and their outcomes on ocpp.outbound.results. */
export class CommandSender {
  private readonly recentCommands = new Set<string>();

  constructor(private readonly options: CommandSenderOptions) {}

  /**
   * A staff command from ocpp.outbound: ignored unless this node holds the charger's socket; sent once (a redelivery
   * is recognised by command id); dropped when older than COMMAND_OFFLINE_AFTER_MS (by then the projections' sweep
   * reports it offline). Publishes the outcome, with `sentAt` when the charger answered within
   * COMMAND_SENT_REPORT_AFTER_MS, else `sent` at that time and the outcome later; the call runs without holding up the
   * consumer, so one slow charger does not delay commands to the others.
   */
  async send(command: OutboundOcppCommand): Promise<void> {
    const { bus, authorizer, log } = this.options;
    const client = this.options.clientOf(command.chargerId);
    if (!client || this.recentCommands.has(command.commandId)) return;
    const { commandId, chargerId } = command;
    if (Date.now() - Date.parse(command.requestedAt) > COMMAND_OFFLINE_AFTER_MS - 500) {
      log.warn('charger command too old, not sent', { chargerId, commandId, requestedAt: command.requestedAt });
      return;
    }
    this.recentCommands.add(commandId);
    if (this.recentCommands.size > RECENT_COMMANDS) this.recentCommands.delete(this.recentCommands.values().next().value!);
    const protocol = client.protocol;
    const call = toOcppCall(command.request, protocol, commandId);
    const result = (r: Pick<OutboundOcppResult, 'status'> & Partial<OutboundOcppResult>) =>
      bus.publish<OutboundOcppResult>(BUS_TOPICS.ocppOutboundResults, [
        {
          key: chargerId,
          value: {
            commandId,
            chargerId,
            ocppAction: null,
            protocol,
            response: null,
            error: null,
            at: new Date().toISOString(),
            ...(command.sessionId ? { sessionId: command.sessionId } : {}),
            ...r,
          },
        },
      ]);
    if ('unsupported' in call) return result({ status: 'not_supported', error: call.unsupported });
    // The transaction a remote start asks for is authorized by it (Authorizer): known before the charger can answer.
    const remoteStart = command.request.action === 'RemoteStartTransaction' ? command.request : null;
    if (remoteStart) authorizer.remoteStartSent(chargerId, remoteStart.idTag, remoteStart.connectorId);
    const ocppAction = call.action;
    const sentAt = new Date().toISOString();
    // `sent` is reported only for a charger slow to answer; a prompt outcome carries sentAt and stands for it.
    let reportedSent = false;
    const slow = setTimeout(() => {
      reportedSent = true;
      void result({ status: 'sent', ocppAction, at: sentAt }).catch((error: unknown) =>
        log.error('charger command result not published', { chargerId, commandId, error: String(error) }),
      );
    }, COMMAND_SENT_REPORT_AFTER_MS);
    slow.unref();
    const outcome = (r: Parameters<typeof result>[0]) => {
      clearTimeout(slow);
      if (remoteStart && r.status !== 'accepted') authorizer.remoteStartRefused(chargerId, remoteStart.idTag);
      return result(reportedSent ? r : { ...r, sentAt });
    };
    void this.options.deadlines
      .call(client, ocppAction, call.payload, this.options.commandTimeoutMs)
      .then(
        (response) => outcome({ status: outcomeOf(ocppAction, response), ocppAction, response }),
        (error: unknown) => {
          if (error instanceof CallTimeoutError)
            return outcome({ status: 'timeout', ocppAction, error: 'The charger did not answer in time' });
          const e = error as { rpcErrorCode?: string; message?: string; details?: unknown };
          if (e.rpcErrorCode)
            return outcome({
              status: outcomeOfCallError(e.rpcErrorCode),
              ocppAction,
              response: e.details ?? null,
              error: `${e.rpcErrorCode}: ${e.message ?? ''}`,
            });
          return outcome({ status: 'error', ocppAction, error: String(e.message ?? error) });
        },
      )
      .catch((error: unknown) => log.error('charger command result not published', { chargerId, commandId, error: String(error) }));
  }
}
