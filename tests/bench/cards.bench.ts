/**
 * `npm run bench:cards [-- --cards 1000 --chargers 20 --revocations 20]`: the cards' figures on the embedded profile,
 * in one process on 127.0.0.1 (the product and the simulated chargers share it).
 *
 * - Issuing: N cards (card stream, id token, local-list entry each) for the demo customer: cards per second.
 * - Full sync: K simulated chargers boot with empty lists: from the simulator's start until every charger holds the
 *   network's list (GetLocalListVersion, then SendLocalList Full with N + 1 entries): seconds, and per charger.
 * - Revocation, R times: a customer turns a card off (the command's answer), then a charger presents it (Authorize):
 *   the command's duration, the time from its answer to the charger's Blocked, and the time until every charger's
 *   local list has the card Blocked (a differential update).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SYSTEM_ACTOR, cardStreams } from '@evc/contracts';
import { systemClock } from '@evc/platform';
import type { CardLife } from '@evc/command-service/cards/card-life';
import { CARD_LIFE } from '@evc/command-service/cards/cards.tokens';
import { cardDecider } from '@evc/command-service/cards/card.decider';
import { runDecider } from '@evc/command-service/shared/run-decider';
import { seededId } from '@evc/command-service/seed/seed-identity';
import { Simulator, loadDemoChargers } from '@evc/simulator';
import { startTestApp } from '../support/app';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

const options = benchOptions('cards issued, local lists synced to simulated chargers, and cards revoked', {
  cards: { type: 'number', default: 1000, description: 'cards issued to the demo customer' },
  chargers: { type: 'number', default: 20, description: 'simulated chargers that sync the local list' },
  revocations: { type: 'number', default: 20, description: 'cards turned off and presented' },
});
const CARDS = options.cards;
const CHARGERS = options.chargers;
const REVOCATIONS = options.revocations;

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const line = (label: string, values: number[], unit = 'ms') =>
  process.stdout.write(
    `${label.padEnd(52)} p50 ${fmt(percentile(values, 50))} ${unit}, p95 ${fmt(percentile(values, 95))} ${unit}, max ${fmt(Math.max(...values))} ${unit}\n`,
  );

const app = await startTestApp({ seed: true });
const simulators: Simulator[] = [];
try {
  const store = app.embedded.infra.eventStore;
  const cards = app.embedded.app.get<symbol, CardLife>(CARD_LIFE, { strict: false });
  const customerId = seededId('customer@evcharging.eg');
  const system = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), reason: 'bench' };
  const ids: string[] = [];

  const t0 = performance.now();
  for (let i = 0; i < CARDS; i++) {
    const cardId = `BENCH-${String(i).padStart(6, '0')}`;
    await runDecider(
      store,
      cardStreams.card(cardId),
      cardDecider,
      {
        kind: 'issue',
        card: { cardId, customerId, referenceName: `Bench ${i}`, issueDate: '2026-01-01', requestId: null, origin: 'seed' },
        at: new Date().toISOString(),
      },
      system,
      { clock: systemClock },
    );
    await cards.activateToken(cardId, customerId, system);
    ids.push(cardId);
  }
  const issueS = (performance.now() - t0) / 1000;
  process.stdout.write(`\n## Charging cards (bench:cards): ${CARDS} cards, ${CHARGERS} simulated chargers\n\n`);
  process.stdout.write(
    `${'cards issued (card, token, list entry each)'.padEnd(52)} ${CARDS} in ${fmt(issueS)} s = ${fmt(CARDS / issueS, 0)} cards/s\n`,
  );

  const specs = (await loadDemoChargers(app.dataDir)).slice(0, CHARGERS);
  const t1 = performance.now();
  const simulator = new Simulator({ url: app.baseUrl.replace('http', 'ws'), chargers: specs, backoffMs: { initial: 100, max: 1000 } });
  simulators.push(simulator);
  simulator.start();
  const listVersion = async () => (await store.readStream(cardStreams.localAuthList())).length;
  const version = await listVersion();
  await until(() => simulator.chargers.every((c) => c.localList.version === version), 120_000);
  const fullS = (performance.now() - t1) / 1000;
  process.stdout.write(
    `${'boot → every charger holds the full list'.padEnd(52)} ${fmt(fullS, 2)} s for ${CHARGERS} chargers (${simulator.chargers[0]!.localList.size} entries each, version ${version})\n`,
  );

  const command: number[] = [];
  const refused: number[] = [];
  const everywhere: number[] = [];
  const probe = simulator.chargers[0]!;
  for (let i = 0; i < REVOCATIONS; i++) {
    const cardId = ids[i]!;
    const start = performance.now();
    await cards.deactivate(
      cardId,
      { by: 'customer', ownerId: customerId },
      { actor: { type: 'customer', id: customerId }, correlationId: randomUUID() },
    );
    const answered = performance.now();
    command.push(answered - start);
    const decision = await probe.presentCard(1, cardId);
    if (decision.status !== 'Blocked') throw new Error(`card ${cardId} was ${decision.status}`);
    refused.push(performance.now() - answered);
    await until(() => simulator.chargers.every((c) => c.localList.statusOf(cardId) === 'Blocked'), 30_000);
    everywhere.push(performance.now() - answered);
  }
  line('turn a card off (command answered)', command);
  line('answer → a charger is refused (Authorize Blocked)', refused);
  line(`answer → Blocked on all ${CHARGERS} chargers' local lists`, everywhere);
} finally {
  for (const s of simulators) await s.stop();
  await app.close();
}
