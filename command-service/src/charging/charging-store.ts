import { chargingStreams, networkStreams, type CommandResult, type SetPricing } from '@evc/contracts';
import { WrongExpectedRevisionError, type EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { fold, type Decider, type DomainEventOf } from '../shared/decider';
import { envelope, toDomainEvent } from '../shared/run-decider';
import { chargerLiveDecider } from '../chargers-live/charger-live.decider';
import { chargerDecider } from '../network/network.deciders';
import { connectorClaimDecider } from './connector-claim.decider';
import { idTokenDecider } from './id-token.decider';
import { sessionDecider } from './session.decider';
import { transactionBindingDecider } from './transaction-binding.decider';

const MAX_ATTEMPTS = 8;

/** Decide on the stream's current state and append; retried on a concurrent write. Answers the events recorded. */
export async function decideOn<C, E extends DomainEventOf, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  context: CommandContext,
): Promise<{ result: CommandResult; events: E[]; state: S }> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = fold(decider, history.map((e) => toDomainEvent<E>(e)));
    const events = decider.decide(command, state);
    if (events.length === 0) return { result: { streamId, revision: history.length - 1, position: history.at(-1)?.position ?? 0 }, events, state };
    try {
      const result = await store.append(streamId, events.map((e) => envelope(e, context)), history.length === 0 ? 'no_stream' : history.length - 1);
      return { result, events, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}

export async function stateOf<E extends DomainEventOf, S>(store: EventStore, streamId: string, decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>): Promise<S> {
  return fold(decider, (await store.readStream(streamId)).map((e) => toDomainEvent<E>(e)));
}

/** Reads of the streams the charging context decides on or looks at. */
export const reads = (store: EventStore) => ({
  session: (sessionId: string) => stateOf(store, chargingStreams.session(sessionId), sessionDecider),
  claim: (chargerId: string, connectorId: number) => stateOf(store, chargingStreams.connector(chargerId, connectorId), connectorClaimDecider),
  token: (idTag: string) => stateOf(store, chargingStreams.idToken(idTag), idTokenDecider),
  binding: async (chargerId: string, transactionId: string) => (await stateOf(store, chargingStreams.chargerTransaction(chargerId, transactionId), transactionBindingDecider)).sessionId,
  charger: (chargerId: string) => stateOf(store, networkStreams.charger(chargerId), chargerDecider),
  live: (chargerId: string) => stateOf(store, networkStreams.chargerLive(chargerId), chargerLiveDecider),
  pricing: async (): Promise<SetPricing[]> => (await store.readStream(networkStreams.pricing())).map((e) => e.data as SetPricing),
});
export type ChargingReads = ReturnType<typeof reads>;
