import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { cardStreams, type CommandResult } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { decideAndAppend } from '../shared/decide-and-append';
import { loadState } from '../shared/load-state';
import { HandlesCommand, type OperationCommand } from '../shared/operation-command';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import { cardRequestDecider, requestNotFound, type CardRequestCommand } from './card-request.decider';
import { releaseCustomerLock } from './customer-lock';

type StepId =
  | 'card-requests.cancel'
  | 'card-requests.start'
  | 'card-requests.ship'
  | 'card-requests.resume'
  | 'card-requests.needs-action'
  | 'card-requests.reject';

/**
 * A step of the request's workflow that issues no card: the request decides it at the clock's time, against the
 * revision the editor saw for a staff step (the note or reason is the events' `reason` too, for the history). A step
 * that closes the request (reject, cancel) then gives the customer's open-request lock back.
 */
abstract class CardRequestStepHandler<K extends StepId> implements ICommandHandler<OperationCommand<K>, CommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  protected abstract step(command: OperationCommand<K>, at: string): CardRequestCommand;

  async execute(command: OperationCommand<K>): Promise<CommandResult> {
    const { store, clock } = this;
    const { payload, context } = command;
    const streamId = cardStreams.request(payload.requestId);
    // A missing request is not found whatever revision was named.
    if (!(await loadState(store, streamId, cardRequestDecider)).state.details) throw requestNotFound();
    const step = this.step(command, clock.now().toISOString());
    const reason = step.kind === 'reject' ? step.reason : 'note' in step ? step.note : null;
    const expectedRevision = 'expectedRevision' in payload ? payload.expectedRevision : undefined;
    const { result, state } = await decideAndAppend(store, streamId, cardRequestDecider, step, reason ? { ...context, reason } : context, {
      clock,
      expectedRevision,
    });
    if ((step.kind === 'reject' || step.kind === 'cancel') && state.details)
      await releaseCustomerLock({ store, clock }, state.details.customerId, payload.requestId, context);
    return result;
  }
}

/** The customer cancels their own request (someone else's answers like a missing one). */
@HandlesCommand('card-requests.cancel')
export class CancelCardRequestHandler extends CardRequestStepHandler<'card-requests.cancel'> {
  protected step = ({ context }: OperationCommand<'card-requests.cancel'>, at: string): CardRequestCommand => ({
    kind: 'cancel',
    customerId: context.actor.id,
    at,
  });
}

@HandlesCommand('card-requests.start')
export class StartCardRequestHandler extends CardRequestStepHandler<'card-requests.start'> {
  protected step = ({ payload }: OperationCommand<'card-requests.start'>, at: string): CardRequestCommand => ({
    kind: 'start',
    note: payload.note || null,
    at,
  });
}

@HandlesCommand('card-requests.ship')
export class ShipCardRequestHandler extends CardRequestStepHandler<'card-requests.ship'> {
  protected step = ({ payload }: OperationCommand<'card-requests.ship'>, at: string): CardRequestCommand => ({
    kind: 'ship',
    note: payload.note || null,
    at,
  });
}

@HandlesCommand('card-requests.resume')
export class ResumeCardRequestHandler extends CardRequestStepHandler<'card-requests.resume'> {
  protected step = ({ payload }: OperationCommand<'card-requests.resume'>, at: string): CardRequestCommand => ({
    kind: 'resume',
    note: payload.note || null,
    at,
  });
}

@HandlesCommand('card-requests.needs-action')
export class CardRequestNeedsActionHandler extends CardRequestStepHandler<'card-requests.needs-action'> {
  protected step = ({ payload }: OperationCommand<'card-requests.needs-action'>, at: string): CardRequestCommand => ({
    kind: 'needs-action',
    note: payload.note,
    at,
  });
}

@HandlesCommand('card-requests.reject')
export class RejectCardRequestHandler extends CardRequestStepHandler<'card-requests.reject'> {
  protected step = ({ payload }: OperationCommand<'card-requests.reject'>, at: string): CardRequestCommand => ({
    kind: 'reject',
    reason: payload.reason,
    at,
  });
}
