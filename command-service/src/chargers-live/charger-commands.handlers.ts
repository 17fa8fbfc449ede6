import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { BUS_TOPICS, networkStreams, type ChargerCommandRequest, type CommandResult, type OutboundOcppCommand } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import type { Bus, Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { DomainError } from '../shared/domain-error';
import { decideAndAppend } from '../shared/decide-and-append';
import { sharedStreamStates, type StreamStateCache } from '../shared/stream-state-cache';
import { BUS, CLOCK, EVENT_STORE } from '../shared/tokens';
import { chargerDecider, type ChargerEvent, type ChargerState } from '../network/index';
import { chargerCommandDecider } from './charger-command.decider';
import { chargerCommandStates } from './charger-command-states';
import { RecordChargerCommandOutcomeCommand, SendSessionChargerCommand } from './charger-commands';

const log = createLogger('charger-commands');
/** Chargers kept folded by a sender (more than a network has). */
const CHARGERS_KEPT = 50_000;

/**
 * Records ChargerCommandRequested on `charger-command-<commandId>` and, only when this call recorded it, publishes
 * the command on ocpp.outbound keyed by charger id: the same command id again sends nothing. If the publish fails
 * the command stays pending and the projections' sweep reports it `offline`.
 */
export abstract class ChargerCommandSender {
  /**
   * Chargers folded so far, caught up with their newer events at each command (rather than reading the
   * charger's whole stream from disk and folding it for every remote start).
   */
  private readonly chargers: StreamStateCache<ChargerEvent, ChargerState>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BUS) private readonly bus: Bus | null,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.chargers = sharedStreamStates(store, chargerDecider, CHARGERS_KEPT);
  }

  /** The charger exists and is not deleted (a sender that records something of its own first checks before). */
  protected async requireCharger(chargerId: string): Promise<void> {
    const { state: charger } = await this.chargers.load(networkStreams.charger(chargerId));
    if (!charger.data) throw new DomainError('network.charger_not_found', 'No such charger', [{ path: 'chargerId', code: 'not_found' }]);
    if (charger.deleted)
      throw new DomainError('network.charger_deleted', 'The charger is deleted', [{ path: 'chargerId', code: 'deleted' }]);
  }

  protected async send(
    payload: ChargerCommandRequest & { commandId: string; chargerId: string; sessionId?: string },
    context: CommandContext,
  ): Promise<CommandResult> {
    const { commandId, chargerId, sessionId, ...request } = payload;
    await this.requireCharger(chargerId);
    const streamId = networkStreams.chargerCommand(commandId);
    const at = this.clock.now().toISOString();
    const { result, events } = await decideAndAppend(
      this.store,
      streamId,
      chargerCommandDecider,
      { kind: 'request', commandId, chargerId, request, at },
      context,
      {
        clock: this.clock,
        states: chargerCommandStates(this.store),
      },
    );
    let requestedAt = at;
    if (events.length === 0) {
      // Recorded before: by this very request (retried after a failure before the publish), sent now; else a repeat.
      const [first] = await this.store.readStream(streamId, { maxCount: 1 });
      if (first?.metadata.correlationId !== context.correlationId) return result; // a repeat: sent already
      requestedAt = (first.data as { at: string }).at;
    }
    if (!this.bus) throw new Error('no bus: charger commands cannot be sent');
    await this.bus
      .publish<OutboundOcppCommand>(BUS_TOPICS.ocppOutbound, [
        { key: chargerId, value: { commandId, chargerId, request, requestedAt, ...(sessionId ? { sessionId } : {}) } },
      ])
      .catch((error: unknown) =>
        log.error('charger command not published; it will show offline', { commandId, chargerId, error: String(error) }),
      );
    return result;
  }
}

@HandlesCommand('chargers.send-command')
export class SendChargerCommandHandler extends ChargerCommandSender implements OperationHandler<'chargers.send-command'> {
  execute({ payload, context }: OperationCommand<'chargers.send-command'>) {
    return this.send(payload, context);
  }
}

/** A session's remote start or stop (the charging context), sent like staff's with the session id. */
@CommandHandler(SendSessionChargerCommand)
export class SendSessionChargerCommandHandler
  extends ChargerCommandSender
  implements ICommandHandler<SendSessionChargerCommand, CommandResult>
{
  execute({ payload, context }: SendSessionChargerCommand) {
    return this.send(payload, context);
  }
}

@CommandHandler(RecordChargerCommandOutcomeCommand)
export class RecordChargerCommandOutcomeHandler implements ICommandHandler<RecordChargerCommandOutcomeCommand, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  execute({ payload, context }: RecordChargerCommandOutcomeCommand) {
    const streamId = networkStreams.chargerCommand(payload.commandId);
    return decideAndAppend(this.store, streamId, chargerCommandDecider, payload, context, {
      clock: this.clock,
      states: chargerCommandStates(this.store),
    }).then((d) => d.result);
  }
}
