import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { alertStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { decideAndAppend } from '../shared/decide-and-append';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { PayloadCommand } from '../shared/payload-command';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { AlertBook } from './alert-book';
import type { AlertAction } from './charger-watch';
import { alertSubscriptionsDecider } from './subscriptions.decider';

/** What the charger watch asks of one charger's alerts (from ocpp.inbound, or the sweep); actor charger or system. */
export class ActOnAlertCommand extends PayloadCommand<{ chargerId: string; action: AlertAction }> {}

@CommandHandler(ActOnAlertCommand)
export class ActOnAlertHandler implements ICommandHandler<ActOnAlertCommand, CommandResult> {
  constructor(@Inject(AlertBook) private readonly book: AlertBook) {}
  execute({ payload, context }: ActOnAlertCommand) {
    return this.book.act(payload.chargerId, payload.action, context);
  }
}

@HandlesCommand('alerts.acknowledge')
export class AcknowledgeAlertHandler implements OperationHandler<'alerts.acknowledge'> {
  constructor(@Inject(AlertBook) private readonly book: AlertBook) {}
  execute({ payload: { chargerId, kind, alertId, reason }, context }: OperationCommand<'alerts.acknowledge'>) {
    return this.book.decide(chargerId, kind, { kind: 'acknowledge', alertId, reason, at: this.book.now() }, context);
  }
}

@HandlesCommand('alerts.resolve')
export class ResolveAlertHandler implements OperationHandler<'alerts.resolve'> {
  constructor(@Inject(AlertBook) private readonly book: AlertBook) {}
  execute({ payload: { chargerId, kind, alertId, reason }, context }: OperationCommand<'alerts.resolve'>) {
    return this.book.decide(chargerId, kind, { kind: 'resolve', alertId, reason, at: this.book.now() }, context);
  }
}

@HandlesCommand('alerts.note')
export class NoteAlertHandler implements OperationHandler<'alerts.note'> {
  constructor(@Inject(AlertBook) private readonly book: AlertBook) {}
  execute({ payload: { chargerId, kind, alertId, noteId, text }, context }: OperationCommand<'alerts.note'>) {
    return this.book.decide(chargerId, kind, { kind: 'note', alertId, noteId, text, at: this.book.now() }, context);
  }
}

/** Staff manage only their own subscriptions: the staff id is the caller's, never the body's. */
@HandlesCommand('alerts.subscribe')
export class SetAlertSubscriptionsHandler implements OperationHandler<'alerts.subscribe'> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ payload, context }: OperationCommand<'alerts.subscribe'>) {
    const data = { staffId: context.actor.id, stationIds: payload.stationIds, governorateIds: payload.governorateIds };
    return (
      await decideAndAppend(this.store, alertStreams.subscriptions(), alertSubscriptionsDecider, { kind: 'set', data }, context, {
        clock: this.clock,
      })
    ).result;
  }
}

export const alertsHandlers = [
  ActOnAlertHandler,
  AcknowledgeAlertHandler,
  ResolveAlertHandler,
  NoteAlertHandler,
  SetAlertSubscriptionsHandler,
];
