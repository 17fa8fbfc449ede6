import { cardStreams } from '@evc/contracts';
import type { Clock, EventStore } from '@evc/platform';
import type { CommandContext } from '../shared/command-context';
import { loadState } from '../shared/load-state';
import { runDecider } from '../shared/run-decider';
import { cardRequestDecider } from './card-request.decider';
import { customerRequestsDecider, type HeldRequest } from './customer-requests.decider';

/** What the card request processes work on: the event store and the clock every decision takes its time from. */
export interface CardRequestPorts {
  store: EventStore;
  clock: Clock;
}

/**
 * Takes the customer's one open request (`card-customer-<id>`) for `requestId`. The request holding it is read first
 * so the decider can judge, at the clock's time, whether that lock has lapsed and may be taken over.
 */
export async function takeCustomerLock({ store, clock }: CardRequestPorts, customerId: string, requestId: string, context: CommandContext) {
  const streamId = cardStreams.customer(customerId);
  const { state } = await loadState(store, streamId, customerRequestsDecider);
  let held: HeldRequest | undefined;
  if (state.open && state.open !== requestId) {
    const open = await loadState(store, cardStreams.request(state.open), cardRequestDecider);
    const lockedAt = open.state.status ? null : ((await store.readStream(streamId)).at(-1)?.metadata.occurredAt ?? null);
    held = { requestId: state.open, status: open.state.status, lockedAt };
  }
  const at = clock.now().toISOString();
  await runDecider(store, streamId, customerRequestsDecider, { kind: 'open', customerId, requestId, at, held }, context, { clock });
}

/** Gives the customer's lock back once `requestId` is closed (delivered, rejected, canceled, or refused when filed). */
export function releaseCustomerLock({ store, clock }: CardRequestPorts, customerId: string, requestId: string, context: CommandContext) {
  return runDecider(store, cardStreams.customer(customerId), customerRequestsDecider, { kind: 'close', customerId, requestId }, context, {
    clock,
  });
}
