import { Inject } from '@nestjs/common';
import { cardStreams, type CommandResult, type DeliverCardRequest } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { HandlesCommand, type OperationCommand, type OperationHandler } from '../shared/operation-command';
import { runDecider } from '../shared/run-decider';
import { CLOCK, EVENT_STORE } from '../shared/tokens';
import type { CardLife } from './card-life';
import type { Reservation } from './card.decider';
import { cardRequestDecider, requestNotFound, type CardRequestCommand } from './card-request.decider';
import { CARD_LIFE } from './cards.tokens';
import { releaseCustomerLock } from './customer-lock';

/** How often and how long a delivery that lost a race waits to read the write that beat it. */
const SETTLE_STEP_MS = 5;
const SETTLE_MAX_MS = 2_000;

/**
 * Delivering a request (or verifying a card to link), a process over several streams in order: the card ID is
 * reserved for this delivery (the request and the revision staff saw), then the request moves against that revision,
 * then the card's token and list entry, then the customer's lock is given back. A delivery that loses the race on the
 * request withdraws its reservation only once the request can no longer be delivered with that card, so whatever the
 * timing the request, the card and its token tell one story. Delivering again with the same card ID issues nothing
 * new and completes any step a failure left undone.
 */
export class CardDelivery {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly cards: CardLife,
  ) {}

  private decide(requestId: string, command: CardRequestCommand, context: CommandContext, expectedRevision?: number) {
    return runDecider(this.store, cardStreams.request(requestId), cardRequestDecider, command, context, {
      clock: this.clock,
      expectedRevision,
    });
  }

  async deliver(input: DeliverCardRequest, context: CommandContext): Promise<CommandResult> {
    const { requestId, cardId, issueDate, expectedRevision } = input;
    const note = input.note || null;
    const { state, revision } = await loadState(this.store, cardStreams.request(requestId), cardRequestDecider);
    if (!state.details) throw requestNotFound();
    const { customerId, kind, referenceName } = state.details;
    const origin = kind === 'link' ? 'linked' : 'delivered';
    const command: CardRequestCommand = { kind: 'deliver', cardId, issueDate, note, at: this.clock.now().toISOString() };
    if (state.status === 'delivered' && state.cardId === cardId) {
      // Delivered is final, so CardRequestDelivered is the request's last event: it was decided against revision - 1.
      const card = {
        cardId,
        customerId,
        referenceName,
        issueDate: state.issueDate ?? issueDate,
        requestId,
        requestRevision: revision - 1,
        origin,
      } as const;
      await this.cards.reserve(card, undefined, context);
      return this.completeDelivery(cardId, customerId, requestId, await this.decide(requestId, command, context), context);
    }
    // Refuses what the request does not allow (a step out of turn, an issue date after today), before anything is reserved.
    cardRequestDecider.decide(command, state);
    if (expectedRevision !== revision)
      throw new DomainError('concurrency.conflict', 'The request was changed by someone else; reload and try again');
    const reservation: Reservation = { requestId, requestRevision: revision };
    const replaces = await this.voidReservation(cardId);
    await this.cards.requireFreeToken(cardId, replaces);
    await this.cards.reserve({ cardId, customerId, referenceName, issueDate, ...reservation, origin }, replaces, context);
    let result: CommandResult;
    try {
      result = await this.decide(requestId, command, note ? { ...context, reason: note } : context, revision);
    } catch (error) {
      await this.releaseIfVoid(cardId, reservation, error, context);
      throw error;
    }
    return this.completeDelivery(cardId, customerId, requestId, result, context);
  }

  /** The delivered request's card: its token and list entry, then the customer's lock is given back. */
  private async completeDelivery(
    cardId: string,
    customerId: string,
    requestId: string,
    result: CommandResult,
    context: CommandContext,
  ): Promise<CommandResult> {
    await this.cards.activateToken(cardId, customerId, context);
    await releaseCustomerLock({ store: this.store, clock: this.clock }, customerId, requestId, context);
    return result;
  }

  /**
   * Where a reservation stands: its request is delivered with the card (kept for good), may still be delivered with
   * it (nothing moved the request past its revision), or is void (the request moved on without it).
   */
  private async standing(cardId: string, reservation: Reservation): Promise<'delivered' | 'open' | 'void'> {
    const { state, revision } = await loadState(this.store, cardStreams.request(reservation.requestId), cardRequestDecider);
    if (state.status === 'delivered' && state.cardId === cardId) return 'delivered';
    return revision <= reservation.requestRevision ? 'open' : 'void';
  }

  /** The card's current reservation when it is void (its request moved on without it): a delivery takes it over. */
  private async voidReservation(cardId: string): Promise<Reservation | undefined> {
    const held = await this.cards.holder(cardId);
    if (!held?.requestId || held.requestRevision === undefined) return undefined;
    const reservation = { requestId: held.requestId, requestRevision: held.requestRevision };
    return (await this.standing(cardId, reservation)) === 'void' ? reservation : undefined;
  }

  /**
   * After a lost race: the reservation is withdrawn once no delivery can complete it (the request moved past its
   * revision and is not delivered with the card). Otherwise it stays: the winner's, or one a retry completes. A
   * conflict means another write to the request at that revision is under way; a store shows a write once it is
   * durable, so the loser waits until it can read it before deciding.
   */
  private async releaseIfVoid(cardId: string, reservation: Reservation, error: unknown, context: CommandContext) {
    const overtaken = error instanceof DomainError && error.code === 'concurrency.conflict';
    try {
      for (let waited = 0; ; waited += SETTLE_STEP_MS) {
        const standing = await this.standing(cardId, reservation);
        if (standing === 'void') await this.cards.withdraw(cardId, reservation, context);
        if (standing !== 'open' || !overtaken || waited >= SETTLE_MAX_MS) return;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
      }
    } catch {
      // Left void: the next delivery of the card ID takes it over.
    }
  }
}

@HandlesCommand('card-requests.deliver')
export class DeliverCardRequestHandler implements OperationHandler<'card-requests.deliver'> {
  private readonly delivery: CardDelivery;
  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(CLOCK) clock: Clock, @Inject(CARD_LIFE) cards: CardLife) {
    this.delivery = new CardDelivery(store, clock, cards);
  }
  execute({ payload, context }: OperationCommand<'card-requests.deliver'>) {
    return this.delivery.deliver(payload, context);
  }
}
