import {
  chargingStreams,
  identityStreams,
  networkStreams,
  type ChargerLiveEvent,
  type ConnectorClaimEvent,
  type CustomerSessionEvent,
  type SessionEvent,
  type SetPricing,
  type TransactionBound,
  type AccountEvent,
} from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import { CachedDecider } from '../shared/cached-decider';
import { fold, type Decider, type DomainEventOf } from '../shared/decider';
import { toDomainEvent } from '../shared/run-decider';
import { chargerLiveDecider, type ChargerLiveCommand, type ChargerLiveState } from '../chargers-live/index';
import { chargerDecider, type ChargerCommand, type ChargerEvent, type ChargerState } from '../network/index';
import { accountDecider, type AccountCommand, type AccountState } from '../identity/index';
import { connectorClaimDecider, type ClaimCommand, type ClaimState } from './connector-claim.decider';
import { customerSessionDecider, type CustomerSessionCommand, type CustomerSessionState } from './customer-session.decider';
import { idTokenDecider, type IdTokenCommand, type IdTokenState, type IdTokenStreamEvent } from './id-token.decider';
import { sessionDecider, type SessionCommand, type SessionState } from './session.decider';
import { transactionBindingDecider } from './transaction-binding.decider';

/** Attempts of a decision on a stream another charger or the phone may write at the same moment. */
const MAX_ATTEMPTS = 8;

export async function stateOf<E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>,
): Promise<S> {
  return fold(
    decider,
    (await store.readStream(streamId)).map((e) => toDomainEvent<E>(e)),
  );
}

/** How many streams of each kind the process keeps folded in memory (least recently used dropped first). */
export const CHARGING_CACHE_LIMITS = {
  sessions: 20_000,
  claims: 50_000,
  customers: 50_000,
  tokens: 50_000,
  bindings: 50_000,
  live: 50_000,
  chargers: 50_000,
  accounts: 50_000,
};

/** Where the charging context reads a customer's account (the account gate's kept fold, in the service). */
export interface AccountReader {
  account(accountId: string): Promise<AccountState>;
}

/** The pricing stream as a list of its SetPricing entries (read only). */
const pricingList: Decider<never, { type: string; data: SetPricing }, SetPricing[]> = {
  initialState: [],
  evolve: (s, e) => [...s, e.data],
  decide: () => [],
};

/**
 * The charging context's streams, each kind behind a CachedDecider: a decision or a read costs one read of the events
 * after the cached revision (plus the append). Consumers handle many chargers at once, so a stream may be written
 * concurrently (a card's token from two chargers, a session from its charger and the phone): the append's expected
 * revision catches it and the loser retries on fresh state; after the last attempt the store's
 * WrongExpectedRevisionError is thrown (not a DomainError), so a consumer's message is delivered again, not skipped.
 */
export class ChargingStreams {
  readonly sessions: CachedDecider<SessionCommand, SessionEvent, SessionState>;
  readonly claims: CachedDecider<ClaimCommand, ConnectorClaimEvent, ClaimState>;
  /** `customer-session-<id>`: the customer's one open phone session. */
  readonly customers: CachedDecider<CustomerSessionCommand, CustomerSessionEvent, CustomerSessionState>;
  readonly tokens: CachedDecider<IdTokenCommand, IdTokenStreamEvent, IdTokenState>;
  readonly bindings: CachedDecider<TransactionBound['data'], TransactionBound, { sessionId: string | null }>;
  /** Read only here (the telemetry consumer writes the live streams). */
  readonly live: CachedDecider<ChargerLiveCommand, ChargerLiveEvent, ChargerLiveState>;
  /** Read only: chargers (connectors), customers' accounts (authorize), the prices. */
  readonly chargers: CachedDecider<ChargerCommand, ChargerEvent, ChargerState>;
  /** The account gate's fold when given (one fold of an account for the request's check and the charger's authorize). */
  readonly accounts: AccountReader;
  readonly pricing: CachedDecider<never, { type: string; data: SetPricing }, SetPricing[]>;

  constructor(store: EventStore, clock: Clock = systemClock, limits = CHARGING_CACHE_LIMITS, accounts: AccountReader | null = null) {
    const options = (max: number) => ({ max, attempts: MAX_ATTEMPTS, onConflict: 'rethrow' as const, clock });
    this.sessions = new CachedDecider(store, sessionDecider, options(limits.sessions));
    this.claims = new CachedDecider(store, connectorClaimDecider, options(limits.claims));
    this.customers = new CachedDecider(store, customerSessionDecider, options(limits.customers));
    this.tokens = new CachedDecider(store, idTokenDecider, options(limits.tokens));
    this.bindings = new CachedDecider(store, transactionBindingDecider, options(limits.bindings));
    this.live = new CachedDecider(store, chargerLiveDecider, options(limits.live));
    this.chargers = new CachedDecider(store, chargerDecider, options(limits.chargers));
    if (accounts) this.accounts = accounts;
    else {
      const own = new CachedDecider<AccountCommand, AccountEvent, AccountState>(store, accountDecider, options(limits.accounts));
      this.accounts = { account: (accountId) => own.state(identityStreams.account(accountId)) };
    }
    this.pricing = new CachedDecider(store, pricingList, options(1));
  }

  /** A transaction's session: a binding never changes once recorded, so a cached one is answered without a read. */
  async binding(chargerId: string, transactionId: string): Promise<string | null> {
    const streamId = chargingStreams.chargerTransaction(chargerId, transactionId);
    return this.bindings.peek(streamId)?.sessionId ?? (await this.bindings.state(streamId)).sessionId;
  }

  /** A session that will not be written any more (billed, failed): its state and its transactions' bindings go. */
  forgetSession(sessionId: string, state: SessionState): void {
    this.sessions.forget(chargingStreams.session(sessionId));
    const chargerId = state.request?.chargerId;
    if (chargerId)
      for (const transactionId of state.transactionIds) this.bindings.forget(chargingStreams.chargerTransaction(chargerId, transactionId));
  }
}

/** Reads of the streams the charging context decides on or looks at (cached ones through `streams`). */
export const reads = (store: EventStore, streams?: ChargingStreams) => ({
  session: (sessionId: string) =>
    streams
      ? streams.sessions.state(chargingStreams.session(sessionId))
      : stateOf(store, chargingStreams.session(sessionId), sessionDecider),
  claim: (chargerId: string, connectorId: number) =>
    streams
      ? streams.claims.state(chargingStreams.connector(chargerId, connectorId))
      : stateOf(store, chargingStreams.connector(chargerId, connectorId), connectorClaimDecider),
  customer: (customerId: string) =>
    streams
      ? streams.customers.state(chargingStreams.customerSession(customerId))
      : stateOf(store, chargingStreams.customerSession(customerId), customerSessionDecider),
  token: (idTag: string) =>
    streams ? streams.tokens.state(chargingStreams.idToken(idTag)) : stateOf(store, chargingStreams.idToken(idTag), idTokenDecider),
  binding: async (chargerId: string, transactionId: string) =>
    streams
      ? streams.binding(chargerId, transactionId)
      : (await stateOf(store, chargingStreams.chargerTransaction(chargerId, transactionId), transactionBindingDecider)).sessionId,
  charger: (chargerId: string) =>
    streams ? streams.chargers.state(networkStreams.charger(chargerId)) : stateOf(store, networkStreams.charger(chargerId), chargerDecider),
  account: (customerId: string) =>
    streams ? streams.accounts.account(customerId) : stateOf(store, identityStreams.account(customerId), accountDecider),
  live: (chargerId: string) =>
    streams
      ? streams.live.state(networkStreams.chargerLive(chargerId))
      : stateOf(store, networkStreams.chargerLive(chargerId), chargerLiveDecider),
  pricing: async (): Promise<SetPricing[]> =>
    streams
      ? streams.pricing.state(networkStreams.pricing())
      : (await store.readStream(networkStreams.pricing())).map((e) => e.data as SetPricing),
});
export type ChargingReads = ReturnType<typeof reads>;
