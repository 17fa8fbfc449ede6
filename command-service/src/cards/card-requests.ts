import { cardStreams, isOpenCardRequest, type CommandResult, type DeliverCardRequest } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import { governorateDecider } from '../catalog/catalog.deciders';
import { catalogStreams } from '@evc/contracts';
import type { CommandContext } from '../shared/command-context';
import { DomainError } from '../shared/domain-error';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import type { CardLife } from './card-life';
import { cardRequestDecider, type CardRequestCommand, type CardRequestDetails } from './card-request.decider';
import { customerRequestsDecider } from './customer-requests.decider';

const requestNotFound = () => new DomainError('cards.request_not_found', 'No such card request', [{ path: 'requestId', code: 'not_found' }]);
/** Staff steps that take a request on without a card (`deliver` issues one, `cancel` is the customer's). */
export type StaffStep = { kind: 'start' | 'ship' | 'resume'; note: string | null } | { kind: 'needs-action'; note: string } | { kind: 'reject'; reason: string };

/** Today in Egypt (YYYY-MM-DD): an issue date may not be later. */
const cairoToday = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

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
    return runDecider(this.store, cardStreams.request(requestId), cardRequestDecider, command, context, { clock: this.clock, expectedRevision });
  }

  /** Files a request (new card or link): the customer's open-request lock first, undone if the request is refused. */
  async file(details: CardRequestDetails, context: CommandContext): Promise<CommandResult> {
    const { state } = await loadState(this.store, cardStreams.request(details.requestId), cardRequestDecider);
    if (state.details) return this.decide(details.requestId, { kind: 'submit', details, at: this.now() }, context); // a retry, or request_exists
    if (details.governorateId) await this.requireActiveGovernorate(details.governorateId);
    if (details.cardId) await this.cards.requireFree(details.cardId, null);
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
    const result = await this.decide(requestId, { ...command, at: this.now() }, reason ? { ...context, reason } : context, expectedRevision);
    if (command.kind === 'reject') await this.unlock(state.details.customerId, requestId, context);
    return result;
  }

  /**
   * Delivered (or verified, for a card to link): the card ID is reserved for this request, then the request moves
   * (against the revision staff saw; if that fails the reservation is withdrawn), then the card's token and list entry.
   * Delivering again with the same card ID issues nothing new and completes any step a failure left undone.
   */
  async deliver(input: DeliverCardRequest, context: CommandContext): Promise<CommandResult> {
    const { requestId, cardId, issueDate, expectedRevision } = input;
    const note = input.note || null;
    const { state } = await loadState(this.store, cardStreams.request(requestId), cardRequestDecider);
    if (!state.details) throw requestNotFound();
    const { customerId, kind, referenceName } = state.details;
    const command: CardRequestCommand = { kind: 'deliver', cardId, issueDate, note, at: this.now() };
    const repeat = state.status === 'delivered' && state.cardId === cardId;
    if (!repeat) {
      if (issueDate > cairoToday(this.clock.now())) throw new DomainError('request.invalid', 'The issue date is in the future', [{ path: 'issueDate', code: 'future_date' }]);
      cardRequestDecider.decide(command, state); // refuses a step the workflow does not allow, before anything is reserved
      await this.cards.requireFree(cardId, requestId);
      await this.cards.reserve({ cardId, customerId, referenceName, issueDate, requestId, origin: kind === 'link' ? 'linked' : 'delivered' }, context);
    }
    let result: CommandResult;
    try {
      result = await this.decide(requestId, command, note ? { ...context, reason: note } : context, repeat ? undefined : expectedRevision);
    } catch (error) {
      if (!repeat) await this.cards.withdraw(cardId, requestId, context);
      throw error;
    }
    await this.cards.activateToken(cardId, customerId, context);
    await this.unlock(customerId, requestId, context);
    return result;
  }

  private async requireActiveGovernorate(governorateId: string) {
    const { state } = await loadState(this.store, catalogStreams.governorate(governorateId), governorateDecider);
    if (!state.data || state.deleted || state.data.isActive === false) throw new DomainError('network.governorate_not_found', 'No such governorate', [{ path: 'governorateId', code: 'not_found' }]);
  }

  /** Takes the customer's one open request; an "open" request that is in fact closed (a lost release) is taken over. */
  private async lock(customerId: string, requestId: string, context: CommandContext) {
    const streamId = cardStreams.customer(customerId);
    const { state } = await loadState(this.store, streamId, customerRequestsDecider);
    let takeOver = false;
    if (state.open && state.open !== requestId) {
      const open = await loadState(this.store, cardStreams.request(state.open), cardRequestDecider);
      takeOver = !open.state.status || !isOpenCardRequest(open.state.status);
    }
    await runDecider(this.store, streamId, customerRequestsDecider, { kind: 'open', customerId, requestId, takeOver }, context, { clock: this.clock });
  }

  private unlock(customerId: string, requestId: string, context: CommandContext) {
    return runDecider(this.store, cardStreams.customer(customerId), customerRequestsDecider, { kind: 'close', customerId, requestId }, context, { clock: this.clock });
  }
}
