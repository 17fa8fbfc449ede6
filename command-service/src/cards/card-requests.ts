import { cairoDate, cardStreams, catalogStreams, isOpenCardRequest, type CommandResult, type DeliverCardRequest } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { governorateDecider } from '../catalog/index';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import type { CardLife } from './card-life';
import type { Reservation } from './card.decider';
import { cardRequestDecider, type CardRequestCommand, type CardRequestDetails } from './card-request.decider';
import { customerRequestsDecider } from './customer-requests.decider';

const requestNotFound = () =>
  new DomainError('cards.request_not_found', 'No such card request', [{ path: 'requestId', code: 'not_found' }]);
/** Staff steps that take a request on without a card (`deliver` issues one, `cancel` is the customer's). */
export type StaffStep =
  | { kind: 'start' | 'ship' | 'resume'; note: string | null }
  | { kind: 'needs-action'; note: string }
  | { kind: 'reject'; reason: string };

/** How often and how long a delivery that lost a race waits to read the write that beat it. */
const SETTLE_STEP_MS = 5;
const SETTLE_MAX_MS = 2_000;

/** How long a lock whose request was never filed is kept before another request may take it over. */
const LOCK_GRACE_MS = 60_000;

/** Today in Egypt (YYYY-MM-DD): an issue date may not be later. */
const cairoToday = (now: Date) => cairoDate(now);

/**
 * The card request workflow across its streams: `card-request-<id>` (the request), `card-customer-<id>` (one open
 * request per customer, taken before the request is filed and given back when it closes) and, on delivery, the card.
 */
export class CardRequests {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly cards: CardLife,
  ) {}

  private now = () => this.clock.now().toISOString();
  private decide(requestId: string, command: CardRequestCommand, context: CommandContext, expectedRevision?: number) {
    return runDecider(this.store, cardStreams.request(requestId), cardRequestDecider, command, context, {
      clock: this.clock,
      expectedRevision,
    });
  }

  /**
   * Files a request (new card or link): the customer's open-request lock first, undone if the request is refused. A
   * link's card ID is not looked at here: staff verify it, so filing reads nothing the ID names and answers alike for
   * an unknown ID and for another customer's card.
   */
  async file(details: CardRequestDetails, context: CommandContext): Promise<CommandResult> {
    const { state } = await loadState(this.store, cardStreams.request(details.requestId), cardRequestDecider);
    if (state.details) return this.decide(details.requestId, { kind: 'submit', details, at: this.now() }, context); // a retry, or request_exists
    if (details.governorateId) await this.requireActiveGovernorate(details.governorateId);
    await this.lock(details.customerId, details.requestId, context);
    try {
      return await this.decide(details.requestId, { kind: 'submit', details, at: this.now() }, context);
    } catch (error) {
      await this.unlock(details.customerId, details.requestId, context);
      throw error;
    }
  }

  /** The customer cancels their own request (someone else's answers like a missing one). */
  async cancel(requestId: string, context: CommandContext): Promise<CommandResult> {
    const { state } = await loadState(this.store, cardStreams.request(requestId), cardRequestDecider);
    if (!state.details || state.details.customerId !== context.actor.id) throw requestNotFound();
    const result = await this.decide(requestId, { kind: 'cancel', at: this.now() }, context);
    await this.unlock(state.details.customerId, requestId, context);
    return result;
  }

  /** A staff step against the revision the editor saw; the note or reason is the events' `reason` too (history). */
  async step(requestId: string, command: StaffStep, expectedRevision: number, context: CommandContext): Promise<CommandResult> {
    const { state } = await loadState(this.store, cardStreams.request(requestId), cardRequestDecider);
    if (!state.details) throw requestNotFound();
    const reason = command.kind === 'reject' ? command.reason : command.note;
    const result = await this.decide(
      requestId,
      { ...command, at: this.now() },
      reason ? { ...context, reason } : context,
      expectedRevision,
    );
    if (command.kind === 'reject') await this.unlock(state.details.customerId, requestId, context);
    return result;
  }

  /**
   * Delivered (or verified, for a card to link): the card ID is reserved for this delivery (the request and the
   * revision staff saw), then the request moves against that revision, then the card's token and list entry. A
   * delivery that loses the race on the request withdraws its reservation only once the request can no longer be
   * delivered with that card, so whatever the timing the request, the card and its token tell one story.
   * Delivering again with the same card ID issues nothing new and completes any step a failure left undone.
   */
  async deliver(input: DeliverCardRequest, context: CommandContext): Promise<CommandResult> {
    const { requestId, cardId, issueDate, expectedRevision } = input;
    const note = input.note || null;
    const { state, revision } = await loadState(this.store, cardStreams.request(requestId), cardRequestDecider);
    if (!state.details) throw requestNotFound();
    const { customerId, kind, referenceName } = state.details;
    const origin = kind === 'link' ? 'linked' : 'delivered';
    const command: CardRequestCommand = { kind: 'deliver', cardId, issueDate, note, at: this.now() };
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
    if (issueDate > cairoToday(this.clock.now()))
      throw new DomainError('request.invalid', 'The issue date is in the future', [{ path: 'issueDate', code: 'future_date' }]);
    cardRequestDecider.decide(command, state); // refuses a step the workflow does not allow, before anything is reserved
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
    await this.unlock(customerId, requestId, context);
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

  private async requireActiveGovernorate(governorateId: string) {
    const { state } = await loadState(this.store, catalogStreams.governorate(governorateId), governorateDecider);
    if (!state.data || state.deleted || state.data.isActive === false)
      throw new DomainError('network.governorate_not_found', 'No such governorate', [{ path: 'governorateId', code: 'not_found' }]);
  }

  /**
   * Takes the customer's one open request. An "open" request that is in fact closed (a lost release) is taken over,
   * and so is one never filed once the lock is older than LOCK_GRACE_MS (a crash between the two steps); a request
   * being filed right now holds its lock, so concurrent filings open one request.
   */
  private async lock(customerId: string, requestId: string, context: CommandContext) {
    const streamId = cardStreams.customer(customerId);
    const { state } = await loadState(this.store, streamId, customerRequestsDecider);
    let takeOver: string | undefined;
    if (state.open && state.open !== requestId) {
      const open = await loadState(this.store, cardStreams.request(state.open), cardRequestDecider);
      const closed = open.state.status ? !isOpenCardRequest(open.state.status) : await this.lockOlderThanGrace(streamId);
      if (closed) takeOver = state.open;
    }
    await runDecider(this.store, streamId, customerRequestsDecider, { kind: 'open', customerId, requestId, takeOver }, context, {
      clock: this.clock,
    });
  }

  /** Whether the lock was taken (the stream's last event) longer than LOCK_GRACE_MS ago. */
  private async lockOlderThanGrace(streamId: string): Promise<boolean> {
    const openedAt = Date.parse((await this.store.readStream(streamId)).at(-1)?.metadata.occurredAt ?? '');
    return !Number.isFinite(openedAt) || this.clock.now().getTime() - openedAt > LOCK_GRACE_MS;
  }

  private unlock(customerId: string, requestId: string, context: CommandContext) {
    return runDecider(
      this.store,
      cardStreams.customer(customerId),
      customerRequestsDecider,
      { kind: 'close', customerId, requestId },
      context,
      { clock: this.clock },
    );
  }
}
