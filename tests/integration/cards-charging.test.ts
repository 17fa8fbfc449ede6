import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_TOPICS, type CardView, type IdTokenChange, type Paged, type SessionDetailView, type SessionView } from '@evc/contracts';
import { DEMO_CARD_ID_TAG } from '@evc/command-service/seed/seed-charging';
import { Simulator, loadDemoChargers, type SimulatedChargerSpec } from '@evc/simulator';
import { must } from '../support/admin';
import { TEST_CUSTOMER_PASSWORD, startTestApp, type TestApp } from '../support/app';
import { command, customerToken, query, signIn, superAdminToken } from '../support/identity';
import { startOcppNode } from '../support/ocpp-node';

const DEMO_CUSTOMER = 'customer@evcharging.eg';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());

/**
 * End to end: a card requested by the demo customer goes through delivery, then starts a session at the
 * product's simulated chargers (OCPP 1.6 idTag and 2.0.1 ISO14443 idToken), billed to the owner; turned off, the
 * gateway refuses it within a second and its running session is stopped; chargers' local lists follow, so a charger
 * offline still accepts valid cards and refuses the revoked one.
 */
describe('a charging card from request to charger', () => {
  let app: TestApp;
  let simulator: Simulator;
  let v16: SimulatedChargerSpec;
  let v201: SimulatedChargerSpec;
  let customer: string;
  let staff: string;
  let cardId: string;

  const sim = (spec: SimulatedChargerSpec) => simulator.chargers.find((c) => c.spec.id === spec.id)!;
  const startSimulator = (specs: SimulatedChargerSpec[]) => {
    const s = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: specs.map((c) => ({ ...c, maxPowerKw: 1800 })),
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 300, batteryWh: 400_000, startSocPct: [20, 20] },
    });
    s.start();
    return s;
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    const chargers = await loadDemoChargers(app.dataDir);
    v16 = chargers.find((c) => c.ocppVersion === '1.6')!;
    v201 = chargers.find((c) => c.ocppVersion === '2.0.1')!;
    simulator = startSimulator([v16, v201]);
    customer = (await signIn(app.baseUrl, DEMO_CUSTOMER, TEST_CUSTOMER_PASSWORD)).body.token;
    staff = await superAdminToken(app);
  }, 90_000);

  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  it("shows the demo customer's seeded card in their account, on every charger's local list", async () => {
    await expect.poll(() => simulator.stats().connected, { timeout: 15_000 }).toBe(2);
    const cards = (await query<Paged<CardView>>(app, '/api/queries/me/charging-cards', customer)).body;
    expect(cards.dataList).toEqual([expect.objectContaining({ cardId: DEMO_CARD_ID_TAG, status: 'active', origin: 'seed' })]);
    for (const spec of [v16, v201])
      await expect.poll(() => sim(spec).localList.statusOf(DEMO_CARD_ID_TAG), { timeout: 15_000 }).toBe('Accepted');
  });

  it('a request goes through delivery and the new card starts a session at a 1.6 and a 2.0.1 charger', async () => {
    const requestId = randomUUID();
    await must(
      app,
      'card-requests.submit',
      {
        requestId,
        referenceName: 'Road trip card',
        phone: '01000000000',
        governorateId: 'eg-c',
        homeAddress: '1 Demo Street, Cairo',
        sameAsHome: true,
      },
      customer,
    );
    for (const [step, revision] of [
      ['card-requests.start', 0],
      ['card-requests.ship', 1],
    ] as const)
      await must(app, step, { requestId, expectedRevision: revision }, staff);
    cardId = `EV-${randomUUID().slice(0, 8).toUpperCase()}`;
    const delivered = await must(app, 'card-requests.deliver', { requestId, expectedRevision: 2, cardId, issueDate: today() }, staff);
    const cards = (await query<Paged<CardView>>(app, `/api/queries/me/charging-cards?position=${delivered.position}`, customer)).body;
    expect(cards.dataList.map((c) => [c.cardId, c.status])).toContainEqual([cardId, 'active']);

    // 1.6: Authorize with the idTag, then StartTransaction; the session is the card owner's.
    const decision = await sim(v16).presentCard(1, cardId);
    expect(decision).toEqual({ status: 'Accepted', source: 'central', started: true });
    const session = async () =>
      (await query<Paged<SessionView>>(app, '/api/queries/me/sessions?status=active', customer)).body.dataList.find(
        (s) => s.chargerId === v16.id,
      );
    await expect.poll(async () => (await session())?.status, { timeout: 15_000 }).toBe('charging');
    expect((await session())!.origin).toBe('card');

    // 2.0.1: an ISO14443 idToken. The card already has a session open elsewhere: the command side says ConcurrentTx.
    expect((await sim(v201).presentCard(1, cardId)).status).toBe('ConcurrentTx');
    // The local lists learned the new card (Accepted) by a differential update.
    for (const spec of [v16, v201]) await expect.poll(() => sim(spec).localList.statusOf(cardId), { timeout: 15_000 }).toBe('Accepted');
  }, 60_000);

  it('a revoked card is refused at once (figures: bench:cards), its running session is stopped, and local lists block it', async () => {
    const running = (await query<Paged<SessionView>>(app, '/api/queries/me/sessions?status=active', customer)).body.dataList.find(
      (s) => s.chargerId === v16.id,
    )!;
    const versionBefore = sim(v201).localList.version;
    const changes: IdTokenChange[] = [];
    app.embedded.infra.bus.subscribe<IdTokenChange>(
      { groupId: `test-changes-${randomUUID()}`, topics: [BUS_TOPICS.idTokenChanges] },
      ({ value }) => void changes.push(value),
    );

    const lost = await command(app, 'cards.deactivate-own', { cardId }, customer);
    expect(lost.status).toBe(200);
    // Presented right after the deactivation was answered: refused. (How fast, in figures: npm run bench:cards.)
    const refused = await sim(v201).presentCard(2, cardId);
    expect(refused).toEqual({ status: 'Blocked', source: 'central', started: false });
    await expect.poll(() => changes, { timeout: 2000 }).toContainEqual(expect.objectContaining({ idTag: cardId, status: 'Blocked' }));

    // The session running on the card is stopped remotely and billed to the owner.
    const detail = async () => (await query<SessionDetailView>(app, `/api/queries/me/sessions/${running.sessionId}`, customer)).body;
    await expect.poll(async () => (await detail()).billed, { timeout: 20_000 }).toBe(true);
    expect((await detail()).stopReason).toBe('token_invalid');

    for (const spec of [v16, v201]) await expect.poll(() => sim(spec).localList.statusOf(cardId), { timeout: 15_000 }).toBe('Blocked');
    expect(sim(v201).localList.version).toBeGreaterThan(versionBefore);
  }, 60_000);

  it('a charger offline decides from its list; a charger that comes back empty gets the whole list', async () => {
    await simulator.stop();
    const offline = simulator.chargers.find((c) => c.spec.id === v201.id)!;
    expect(offline.connected).toBe(false);
    expect(await offline.presentCard(1, cardId)).toMatchObject({ status: 'Blocked', source: 'local-list', started: false });
    expect(await offline.presentCard(1, DEMO_CARD_ID_TAG)).toMatchObject({ status: 'Accepted', source: 'local-list' });
    expect(await offline.presentCard(1, 'NEVER-ISSUED-1')).toMatchObject({ status: 'Invalid', source: 'local-list' });

    // A new charger process (its list lost): at boot it reports version 0 and receives the full list.
    simulator = startSimulator([v201]);
    await expect.poll(() => simulator.stats().connected, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => sim(v201).localList.version, { timeout: 15_000 }).toBe(offline.localList.version);
    expect(sim(v201).localList.statusOf(cardId)).toBe('Blocked');
    expect(sim(v201).localList.statusOf(DEMO_CARD_ID_TAG)).toBe('Accepted');
  }, 60_000);

  it("refuses a card whose owner's wallet is below the minimum charge, or whose owner is banned; the ban reaches local lists", async () => {
    const other = await customerToken(app);
    const linkId = randomUUID();
    const otherCard = `EV-${randomUUID().slice(0, 8).toUpperCase()}`;
    await must(
      app,
      'card-requests.link',
      { requestId: linkId, cardId: otherCard, referenceName: 'Empty wallet', phone: '01012345678' },
      other.token,
    );
    await must(app, 'card-requests.deliver', { requestId: linkId, expectedRevision: 0, cardId: otherCard, issueDate: today() }, staff);
    expect((await sim(v201).presentCard(2, otherCard)).status).toBe('NoCredit');
    const changes: IdTokenChange[] = [];
    app.embedded.infra.bus.subscribe<IdTokenChange>(
      { groupId: `test-ban-${randomUUID()}`, topics: [BUS_TOPICS.idTokenChanges] },
      ({ value }) => void changes.push(value),
    );
    await must(app, 'customers.ban', { customerId: other.customerId, reason: 'Chargeback fraud' }, staff);
    expect((await sim(v201).presentCard(2, otherCard)).status).toBe('Blocked');

    // The ban reaches the chargers: the card is Blocked on their local lists (an offline charger refuses it too) and in
    // the gateways' caches; lifting the ban puts it back.
    await expect.poll(() => sim(v201).localList.statusOf(otherCard), { timeout: 15_000 }).toBe('Blocked');
    await expect.poll(() => changes.filter((c) => c.idTag === otherCard).map((c) => c.status), { timeout: 2000 }).toEqual(['Blocked']);
    await must(app, 'customers.unban', { customerId: other.customerId, reason: 'Chargeback settled' }, staff);
    await expect.poll(() => sim(v201).localList.statusOf(otherCard), { timeout: 15_000 }).toBe('Accepted');
    await expect
      .poll(() => changes.filter((c) => c.idTag === otherCard).map((c) => c.status), { timeout: 2000 })
      .toEqual(['Blocked', 'Accepted']);
    expect((await sim(v201).presentCard(2, otherCard)).status).toBe('NoCredit');

    // A card its owner turned off stays Blocked through a ban and its lifting (the ban ended their sign-in).
    const again = (await signIn(app.baseUrl, other.email, other.password)).body.token;
    expect((await command(app, 'cards.deactivate-own', { cardId: otherCard }, again)).status).toBe(200);
    await expect.poll(() => sim(v201).localList.statusOf(otherCard), { timeout: 15_000 }).toBe('Blocked');
    const version = sim(v201).localList.version;
    await must(app, 'customers.ban', { customerId: other.customerId, reason: 'Chargeback fraud again' }, staff);
    await must(app, 'customers.unban', { customerId: other.customerId, reason: 'Settled again' }, staff);
    await new Promise((r) => setTimeout(r, 500));
    expect(sim(v201).localList.statusOf(otherCard)).toBe('Blocked');
    expect(sim(v201).localList.version).toBe(version); // nothing changed, nothing recorded

    // Staff turning the card back on while its owner is banned leaves it Blocked; the lifted ban then accepts it.
    await must(app, 'customers.ban', { customerId: other.customerId, reason: 'Chargeback fraud a third time' }, staff);
    await must(app, 'cards.activate', { cardId: otherCard, expectedRevision: 1, reason: 'Card found' }, staff);
    await new Promise((r) => setTimeout(r, 500));
    expect(sim(v201).localList.statusOf(otherCard)).toBe('Blocked');
    expect((await sim(v201).presentCard(2, otherCard)).status).toBe('Blocked');
    await must(app, 'customers.unban', { customerId: other.customerId, reason: 'Settled for good' }, staff);
    await expect.poll(() => sim(v201).localList.statusOf(otherCard), { timeout: 15_000 }).toBe('Accepted');
  }, 60_000);
});

describe("a gateway node's cached answers follow card changes at once", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  it('a tag turned off is refused from the cache when the command side is silent; turned on, it is forgotten', async () => {
    const node = await startOcppNode(app, { authorizeTimeoutMs: 150 });
    try {
      const { client } = await node.connect('1.6');
      node.answers = () => ({ status: 'Accepted' });
      expect(await client.call('Authorize', { idTag: 'CACHED-0001' })).toEqual({ idTagInfo: { status: 'Accepted' } });
      node.answers = () => undefined; // the command side stops answering: the cache stands in
      expect(await client.call('Authorize', { idTag: 'CACHED-0001' })).toEqual({ idTagInfo: { status: 'Accepted' } });

      const change = (status: IdTokenChange['status']) =>
        node.bus.publish<IdTokenChange>(BUS_TOPICS.idTokenChanges, [
          { key: 'CACHED-0001', value: { idTag: 'CACHED-0001', status, at: new Date().toISOString() } },
        ]);
      await change('Blocked');
      await expect
        .poll(
          async () => ((await client.call('Authorize', { idTag: 'CACHED-0001' })) as { idTagInfo: { status: string } }).idTagInfo.status,
          { timeout: 5000, interval: 50 },
        )
        .toBe('Blocked');
      await change('Accepted');
      await expect
        .poll(
          async () => ((await client.call('Authorize', { idTag: 'CACHED-0001' })) as { idTagInfo: { status: string } }).idTagInfo.status,
          { timeout: 5000, interval: 50 },
        )
        .toBe('Invalid');
      const sources = node.inbound.filter((m) => m.message.type === 'AuthorizeRequested').map((m) => m.authorization?.source);
      expect(sources[0]).toBe('command-side');
      expect(sources.at(-1)).toBe('fallback');
      expect(new Set(sources.slice(1, -1))).toEqual(new Set(['cache']));
    } finally {
      await node.close();
    }
  }, 30_000);
});
