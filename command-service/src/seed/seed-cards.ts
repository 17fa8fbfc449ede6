import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, cairoDate, cardStreams } from '@evc/contracts';
import { systemClock, type Clock, type EventStore } from '@evc/platform';
import { createLogger } from '@evc/platform/logging/logger';
import { CardLife, cardDecider } from '../cards/index';
import type { CommandContext } from '../shared/command-context';
import { loadState } from '../shared/load-state';
import { envelope, runDecider } from '../shared/run-decider';
import { DEMO_CARD_ID_TAG } from './seed-charging';
import { seededId } from './seed-identity';

const MARKER_STREAM = 'seed-cards';
const log = createLogger('seed');

/**
 * With the demo data: the demo customer's charging card on the card model (`card-DEMO-CARD-0001`, its id token and
 * its local-list entry), so it shows in their account and in chargers' local lists. Also moves a card an older demo
 * seed issued straight onto its id token. Once: a marker stream.
 */
export async function seedCards({
  eventStore,
  customerEmail,
  clock = systemClock,
}: {
  eventStore: EventStore;
  customerEmail: string;
  clock?: Clock;
}): Promise<boolean> {
  if ((await eventStore.readStream(MARKER_STREAM, { maxCount: 1 })).length > 0) return false;
  const customerId = seededId(customerEmail);
  const system: CommandContext = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: 'demo seed' };
  const cards = new CardLife(eventStore, clock, null, null);
  const cardId = DEMO_CARD_ID_TAG;
  const { state } = await loadState(eventStore, cardStreams.card(cardId), cardDecider);
  if (!state.card) {
    const now = clock.now();
    const issueDate = cairoDate(now);
    await runDecider(
      eventStore,
      cardStreams.card(cardId),
      cardDecider,
      {
        kind: 'issue',
        card: { cardId, customerId, referenceName: 'Demo card', issueDate, requestId: null, origin: 'seed' },
        at: now.toISOString(),
      },
      system,
      { clock },
    );
  }
  await cards.activateToken(cardId, customerId, system);
  await eventStore.append(MARKER_STREAM, [envelope({ type: 'CardsSeeded', data: { customerId, cardId } }, system)], 'no_stream');
  log.info('cards seeded', { customerId, cardId });
  return true;
}
