import {
  BUS_TOPICS,
  CUSTOMER_DEACTIVATION_REASON,
  cardStreams,
  chargingStreams,
  identityStreams,
  type CardIssued,
  type CommandResult,
  type IdTokenChange,
} from '@evc/contracts';
import type { Bus, Clock, EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { idTokenDecider, type ChargingSessions } from '../charging/index';
import { accountDecider } from '../identity/index';
import type { CommandContext } from '../shared/command-context';
import { decideAndAppend } from '../shared/decide-and-append';
import { DomainError } from '../shared/domain-error';
import { eachInIndex } from '../shared/index-pages';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { cardDecider, type CardFacts, type Reservation } from './card.decider';
import { localAuthListDecider } from './local-auth-list.decider';
import { tokenStatusDecider } from './token-status.decider';

const log = createLogger('cards');
/** CardIssued events read per page when a ban looks for the owner's cards. */
const CARDS_PAGE = 500;
export type { CardFacts } from './card.decider';

/** Who may change a card: its owner (the customer's own card, without a revision) or staff (with the one they saw). */
export type CardChange = { by: 'customer'; ownerId: string } | { by: 'staff'; reason: string; expectedRevision: number };

const cardNotFound = () => new DomainError('cards.card_not_found', 'No such card', [{ path: 'cardId', code: 'not_found' }]);

/**
 * A card's life across its streams: `card-<id>` (the card, reserved once network-wide), `id-token-<id>` (what
 * Authorize and StartTransaction read), `local-auth-list` (what chargers keep offline) and the gateways' caches
 * (`ocpp.id-token-changes`). The card stream decides first; the other steps are idempotent, so a repeat of a command
 * whose later steps failed completes them.
 */
export class CardLife {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly bus: Bus | null,
    private readonly sessions: ChargingSessions | null,
    /** Called after the local list changed (the list sync pushes it to chargers at once). */
    private readonly onListChanged: () => void = () => undefined,
  ) {}

  private now = () => this.clock.now().toISOString();

  /** The card the ID is issued or reserved as, or null when it is free on the card stream. */
  async holder(cardId: string): Promise<CardFacts | null> {
    return (await loadState(this.store, cardStreams.card(cardId), cardDecider)).state.card;
  }

  /**
   * Refuses a card ID whose id token belongs to someone else than the card's holder (an app token, a card of old);
   * a void reservation (`replaces`) holds nothing. Who holds the card stream is the card decider's to say.
   */
  async requireFreeToken(cardId: string, replaces: Reservation | undefined): Promise<void> {
    const held = await this.holder(cardId);
    const holder =
      held && !(replaces && held.requestId === replaces.requestId && held.requestRevision === replaces.requestRevision) ? held : null;
    const token = await loadState(this.store, chargingStreams.idToken(cardId), idTokenDecider);
    if (token.state.owner && token.state.owner.customerId !== holder?.customerId) {
      throw new DomainError('cards.card_exists', 'This card ID is already issued', [{ path: 'cardId', code: 'exists' }]);
    }
  }

  /** Reserves the card ID for one delivery (CardIssued on `card-<id>`), taking over a void reservation: the request is delivered only after this. */
  reserve(card: CardFacts, replaces: Reservation | undefined, context: CommandContext): Promise<CommandResult> {
    return runDecider(this.store, cardStreams.card(card.cardId), cardDecider, { kind: 'issue', card, replaces, at: this.now() }, context, {
      clock: this.clock,
    });
  }

  /** Frees a delivery's reservation once its request can no longer be delivered with it (the caller checked). */
  withdraw(cardId: string, reservation: Reservation, context: CommandContext): Promise<CommandResult> {
    return runDecider(this.store, cardStreams.card(cardId), cardDecider, { kind: 'withdraw', reservation, at: this.now() }, context, {
      clock: this.clock,
    });
  }

  /** The card's token (kind card) and its list entry (Blocked while its owner is banned); gateways forget any cached refusal. */
  async activateToken(cardId: string, customerId: string, context: CommandContext): Promise<void> {
    const at = this.now();
    await runDecider(
      this.store,
      chargingStreams.idToken(cardId),
      idTokenDecider,
      { kind: 'issue', idTag: cardId, customerId, tokenKind: 'card', expiresAt: null, at },
      context,
      { clock: this.clock },
    );
    await runDecider(this.store, chargingStreams.idToken(cardId), tokenStatusDecider, { kind: 'unblock', idTag: cardId, at }, context, {
      clock: this.clock,
    });
    await this.listEntry(cardId, (await this.isBanned(customerId)) ? 'Blocked' : 'Accepted', context);
  }

  /**
   * The owner's ban reaches the chargers: each of their cards is Blocked on the local list (an offline charger refuses
   * it too) and in every gateway node's cache; lifting the ban puts back those still active. Idempotent: a repeated
   * ban or unban completes what a crash left undone, and changes nothing already in force.
   */
  async ownerBanChanged(customerId: string, context: CommandContext): Promise<void> {
    const banned = await this.isBanned(customerId);
    for (const cardId of await this.cardsOf(customerId)) {
      const { state } = await loadState(this.store, cardStreams.card(cardId), cardDecider);
      if (state.card?.customerId !== customerId) continue; // withdrawn, or reserved again for someone else
      const status = banned || !state.active ? 'Blocked' : 'Accepted';
      await this.listEntry(cardId, status, context);
      await this.announce(cardId, status);
    }
  }

  private async isBanned(customerId: string): Promise<boolean> {
    return (await loadState(this.store, identityStreams.account(customerId), accountDecider)).state.banned;
  }

  /** The card ids ever issued to the customer, from the CardIssued type index (a ban is rare: one pass is fine). */
  private async cardsOf(customerId: string): Promise<string[]> {
    const cards = new Set<string>();
    await eachInIndex(this.store, { kind: 'type', type: 'CardIssued' }, { pageSize: CARDS_PAGE }, (e) => {
      if ((e.data as CardIssued['data']).customerId === customerId) cards.add((e.data as CardIssued['data']).cardId);
    });
    return [...cards];
  }

  /** Turns a card off: the card stream first (its revision is what staff saw), then token, list, caches, session. */
  async deactivate(cardId: string, change: CardChange, context: CommandContext): Promise<CommandResult> {
    const reason = change.by === 'customer' ? CUSTOMER_DEACTIVATION_REASON : change.reason;
    const result = await this.decideOnCard(cardId, change, { kind: 'deactivate', reason, by: change.by, at: this.now() }, false, {
      ...context,
      reason,
    });
    const at = this.now();
    await runDecider(this.store, chargingStreams.idToken(cardId), tokenStatusDecider, { kind: 'block', idTag: cardId, at }, context, {
      clock: this.clock,
    });
    await this.announce(cardId, 'Blocked');
    await this.listEntry(cardId, 'Blocked', context);
    await this.stopOpenSession(cardId, { ...context, reason: 'card deactivated' });
    return result;
  }

  async activate(cardId: string, change: Extract<CardChange, { by: 'staff' }>, context: CommandContext): Promise<CommandResult> {
    const result = await this.decideOnCard(cardId, change, { kind: 'activate', reason: change.reason, at: this.now() }, true, {
      ...context,
      reason: change.reason,
    });
    const { state } = await loadState(this.store, cardStreams.card(cardId), cardDecider);
    if (state.card) await this.activateToken(cardId, state.card.customerId, context);
    await this.announce(cardId, state.card && (await this.isBanned(state.card.customerId)) ? 'Blocked' : 'Accepted');
    return result;
  }

  /** A change already in force is a no-op whatever revision the caller saw (a retry completes the later steps). */
  private async decideOnCard(
    cardId: string,
    change: CardChange,
    command: Parameters<typeof cardDecider.decide>[0],
    active: boolean,
    context: CommandContext,
  ) {
    const streamId = cardStreams.card(cardId);
    const { state } = await loadState(this.store, streamId, cardDecider);
    if (!state.card || (change.by === 'customer' && state.card.customerId !== change.ownerId)) throw cardNotFound();
    const expectedRevision = change.by === 'staff' && state.active !== active ? change.expectedRevision : undefined;
    return runDecider(this.store, streamId, cardDecider, command, context, { clock: this.clock, expectedRevision });
  }

  private async listEntry(idTag: string, status: 'Accepted' | 'Blocked', context: CommandContext) {
    const { events } = await decideAndAppend(
      this.store,
      cardStreams.localAuthList(),
      localAuthListDecider,
      { idTag, status, at: this.now() },
      context,
      { clock: this.clock },
    );
    if (events.length > 0) this.onListChanged();
  }

  /** Every gateway node replaces its cached answer for the tag now (the command side answers Blocked already). */
  private async announce(idTag: string, status: IdTokenChange['status']) {
    if (!this.bus) return;
    await this.bus.publish<IdTokenChange>(BUS_TOPICS.idTokenChanges, [{ key: idTag, value: { idTag, status, at: this.now() } }]);
  }

  /** A session running on a card that was turned off is stopped remotely (a lost card may be in a stranger's hands). */
  private async stopOpenSession(cardId: string, context: CommandContext) {
    const { state } = await loadState(this.store, chargingStreams.idToken(cardId), idTokenDecider);
    if (!state.open || !this.sessions) return;
    try {
      await this.sessions.requestStop(state.open.sessionId, 'token_invalid', context);
    } catch (error) {
      log.warn('session of a deactivated card not stopped', { cardId, sessionId: state.open.sessionId, error: String(error) });
    }
  }
}
