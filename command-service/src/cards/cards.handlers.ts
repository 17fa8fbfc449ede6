import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import type { CommandResult } from '@evc/contracts';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import type { CardLife } from './card-life';
import type { CardRequests, StaffStep } from './card-requests';
import { CARD_LIFE, CARD_REQUESTS, LINK_THROTTLE } from './cards.tokens';
import type { LinkThrottle } from './link-throttle';

@HandlesCommand('card-requests.submit')
export class SubmitCardRequestHandler implements OperationHandler<'card-requests.submit'> {
  constructor(@Inject(CARD_REQUESTS) private readonly requests: CardRequests) {}
  execute({ payload, context }: OperationCommand<'card-requests.submit'>) {
    return this.requests.file({ ...payload, customerId: context.actor.id, kind: 'new', cardId: null }, context);
  }
}

/**
 * A card to link is filed whatever its ID: whether the ID is issued, and to whom, is for staff to find when they verify
 * it, so the answer tells a customer nothing about another's card. Attempts are counted per customer first.
 */
@HandlesCommand('card-requests.link')
export class LinkCardHandler implements OperationHandler<'card-requests.link'> {
  constructor(
    @Inject(CARD_REQUESTS) private readonly requests: CardRequests,
    @Inject(LINK_THROTTLE) private readonly throttle: LinkThrottle,
  ) {}
  execute({ payload, context }: OperationCommand<'card-requests.link'>) {
    this.throttle.take(context.actor.id);
    const { requestId, cardId, referenceName, phone } = payload;
    const details = {
      requestId,
      customerId: context.actor.id,
      kind: 'link' as const,
      referenceName,
      phone,
      governorateId: null,
      homeAddress: null,
      deliveryAddress: null,
      sameAsHome: false,
      cardId,
    };
    return this.requests.file(details, context);
  }
}

@HandlesCommand('card-requests.cancel')
export class CancelCardRequestHandler implements OperationHandler<'card-requests.cancel'> {
  constructor(@Inject(CARD_REQUESTS) private readonly requests: CardRequests) {}
  execute({ payload, context }: OperationCommand<'card-requests.cancel'>) {
    return this.requests.cancel(payload.requestId, context);
  }
}

type StepId = 'card-requests.start' | 'card-requests.ship' | 'card-requests.resume' | 'card-requests.needs-action' | 'card-requests.reject';

/** A staff step of the workflow: the command's kind, its note (or reason), against the revision the editor saw. */
abstract class StaffStepHandler<K extends StepId> implements ICommandHandler<OperationCommand<K>, CommandResult> {
  constructor(@Inject(CARD_REQUESTS) private readonly requests: CardRequests) {}
  protected abstract step(payload: OperationCommand<K>['payload']): StaffStep;
  execute({ payload, context }: OperationCommand<K>) {
    return this.requests.step(payload.requestId, this.step(payload), payload.expectedRevision, context);
  }
}

@HandlesCommand('card-requests.start')
export class StartCardRequestHandler extends StaffStepHandler<'card-requests.start'> {
  protected step = (p: { note?: string }): StaffStep => ({ kind: 'start', note: p.note || null });
}

@HandlesCommand('card-requests.ship')
export class ShipCardRequestHandler extends StaffStepHandler<'card-requests.ship'> {
  protected step = (p: { note?: string }): StaffStep => ({ kind: 'ship', note: p.note || null });
}

@HandlesCommand('card-requests.resume')
export class ResumeCardRequestHandler extends StaffStepHandler<'card-requests.resume'> {
  protected step = (p: { note?: string }): StaffStep => ({ kind: 'resume', note: p.note || null });
}

@HandlesCommand('card-requests.needs-action')
export class CardRequestNeedsActionHandler extends StaffStepHandler<'card-requests.needs-action'> {
  protected step = (p: { note: string }): StaffStep => ({ kind: 'needs-action', note: p.note });
}

@HandlesCommand('card-requests.reject')
export class RejectCardRequestHandler extends StaffStepHandler<'card-requests.reject'> {
  protected step = (p: { reason: string }): StaffStep => ({ kind: 'reject', reason: p.reason });
}

@HandlesCommand('card-requests.deliver')
export class DeliverCardRequestHandler implements OperationHandler<'card-requests.deliver'> {
  constructor(@Inject(CARD_REQUESTS) private readonly requests: CardRequests) {}
  execute({ payload, context }: OperationCommand<'card-requests.deliver'>) {
    return this.requests.deliver(payload, context);
  }
}

@HandlesCommand('cards.deactivate-own')
export class DeactivateOwnCardHandler implements OperationHandler<'cards.deactivate-own'> {
  constructor(@Inject(CARD_LIFE) private readonly cards: CardLife) {}
  execute({ payload, context }: OperationCommand<'cards.deactivate-own'>) {
    return this.cards.deactivate(payload.cardId, { by: 'customer', ownerId: context.actor.id }, context);
  }
}

@HandlesCommand('cards.deactivate')
export class DeactivateCardHandler implements OperationHandler<'cards.deactivate'> {
  constructor(@Inject(CARD_LIFE) private readonly cards: CardLife) {}
  execute({ payload, context }: OperationCommand<'cards.deactivate'>) {
    return this.cards.deactivate(
      payload.cardId,
      { by: 'staff', reason: payload.reason, expectedRevision: payload.expectedRevision },
      context,
    );
  }
}

@HandlesCommand('cards.activate')
export class ActivateCardHandler implements OperationHandler<'cards.activate'> {
  constructor(@Inject(CARD_LIFE) private readonly cards: CardLife) {}
  execute({ payload, context }: OperationCommand<'cards.activate'>) {
    return this.cards.activate(
      payload.cardId,
      { by: 'staff', reason: payload.reason, expectedRevision: payload.expectedRevision },
      context,
    );
  }
}
