import { Inject } from '@nestjs/common';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import type { CardLife } from './card-life';
import { CARD_LIFE } from './cards.tokens';

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
