import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStreams, chargingStreams, type Paged, type CardView } from '@evc/contracts';
import { cardDecider } from '@evc/command-service/cards/card.decider';
import { cardRequestDecider } from '@evc/command-service/cards/card-request.decider';
import { customerRequestsDecider } from '@evc/command-service/cards/customer-requests.decider';
import { localAuthListDecider } from '@evc/command-service/cards/local-auth-list.decider';
import { idTokenDecider } from '@evc/command-service/charging/id-token.decider';
import { newContext } from '@evc/command-service/shared/command-context';
import { fold, type Decider, type DomainEventOf } from '@evc/command-service/shared/decider';
import { envelope } from '@evc/command-service/shared/envelope';
import { startTestApp, type TestApp } from '../support/app';
import { givenGovernorate } from '../support/factories';
import { command, customerToken, query, superAdminToken } from '../support/identity';

const ROUNDS = 10;
const AT_ONCE = 20;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
const uniqueCardId = () => `RACE-${randomUUID().slice(0, 8).toUpperCase()}`;

/**
 * Concurrent deliveries of card requests leave one consistent outcome across the request, the card
 * and the id token, whatever the timing: no card that authorises and bills while nobody can see or turn it off.
 */
/** A new card's request, delivered to the home address, with a fresh id. */
const aRequest = () => ({
  requestId: randomUUID(),
  referenceName: 'Race card',
  phone: '01012345678',
  governorateId: 'eg-c',
  homeAddress: '12 Tahrir Street, Downtown',
  sameAsHome: true,
});

describe('card deliveries under concurrency leave no ghost card', () => {
  let app: TestApp;
  let staff: string;
  beforeAll(async () => {
    app = await startTestApp();
    staff = await superAdminToken(app);
    await givenGovernorate(app.commandBus, 'eg-c', 'Cairo', 'القاهرة');
  }, 60_000);
  afterAll(() => app?.close());

  const stateOf = async <C, E extends DomainEventOf, S>(streamId: string, decider: Decider<C, E, S>): Promise<S> =>
    fold(decider, (await app.embedded.infra.eventStore.readStream(streamId)) as unknown as E[]);
  const request = (requestId: string) => stateOf(cardStreams.request(requestId), cardRequestDecider);
  const card = (cardId: string) => stateOf(cardStreams.card(cardId), cardDecider);
  const token = (cardId: string) => stateOf(chargingStreams.idToken(cardId), idTokenDecider);
  const listEntry = async (cardId: string) => (await stateOf(cardStreams.localAuthList(), localAuthListDecider)).entries.get(cardId);

  /** A customer with a link request for `cardId` (deliverable from requested, so each round is quick). */
  const aLinkRequest = async (cardId: string) => {
    const customer = await customerToken(app);
    const requestId = randomUUID();
    const filed = await command(
      app,
      'card-requests.link',
      { requestId, cardId, referenceName: 'Race card', phone: '01012345678' },
      customer.token,
    );
    expect(filed.status).toBe(200);
    return { ...customer, requestId };
  };
  const deliver = (requestId: string, cardId: string, issueDate = today()) =>
    command(app, 'card-requests.deliver', { requestId, expectedRevision: 0, cardId, issueDate }, staff);
  /** Every answer is in: the read side is asked at the store's head (the losers' withdrawals included). */
  const head = () => app.embedded.infra.eventStore.headPosition();

  /** The request is delivered with the card, the card is its customer's and active, the token theirs, the list Accepted, and the owner sees it. */
  const expectOneCard = async (cardId: string, owner: { requestId: string; customerId: string; token: string }, position: number) => {
    expect(await request(owner.requestId)).toMatchObject({ status: 'delivered', cardId });
    expect(await card(cardId)).toMatchObject({ card: { cardId, requestId: owner.requestId, customerId: owner.customerId }, active: true });
    expect(await token(cardId)).toMatchObject({ owner: { customerId: owner.customerId, kind: 'card' }, blocked: false });
    expect(await listEntry(cardId)).toBe('Accepted');
    const mine = (await query<Paged<CardView>>(app, `/api/queries/me/charging-cards?position=${position}`, owner.token)).body;
    expect(mine.dataList.map((c) => [c.cardId, c.status])).toEqual([[cardId, 'active']]);
  };

  it(`the same request delivered ${AT_ONCE} times at once with one card ID: one card its owner sees and can turn off (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const cardId = uniqueCardId();
      const owner = await aLinkRequest(cardId);
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => deliver(owner.requestId, cardId)));
      expect(answers.some((a) => a.status === 200)).toBe(true);
      for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.code]).toEqual([409, 'concurrency.conflict']);
      await expectOneCard(cardId, owner, await head());
      // The owner can turn it off, and then it no longer authorises.
      expect((await command(app, 'cards.deactivate-own', { cardId }, owner.token)).status).toBe(200);
      expect((await token(cardId)).blocked).toBe(true);
    }
  }, 240_000);

  it(`two requests delivered at once with the same card ID: one owner, the other request untouched and deliverable with another ID (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const cardId = uniqueCardId();
      const a = await aLinkRequest(cardId);
      const b = await aLinkRequest(cardId);
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => deliver((i % 2 ? a : b).requestId, cardId)));
      for (const x of answers.filter((y) => y.status !== 200)) expect([409]).toContain(x.status);
      for (const x of answers.filter((y) => y.status !== 200)) expect(['cards.card_exists', 'concurrency.conflict']).toContain(x.body.code);
      const delivered = [];
      for (const c of [a, b]) if ((await request(c.requestId)).status === 'delivered') delivered.push(c);
      expect(delivered).toHaveLength(1);
      const [winner] = delivered;
      const loser = winner === a ? b : a;
      await expectOneCard(cardId, winner!, await head());
      expect(await request(loser.requestId)).toMatchObject({ status: 'requested' });
      // Nothing of the loser's delivery remains: it is delivered with another ID and gets exactly that card.
      const other = uniqueCardId();
      const second = await deliver(loser.requestId, other);
      expect(second.status).toBe(200);
      await expectOneCard(other, loser, await head());
    }
  }, 240_000);

  it(`the same request delivered at once with ${AT_ONCE} different card IDs: one card, every other ID left free (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = Array.from({ length: AT_ONCE }, uniqueCardId);
      const owner = await aLinkRequest(ids[0]!);
      const answers = await Promise.all(ids.map((id) => deliver(owner.requestId, id)));
      expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
      for (const x of answers.filter((y) => y.status !== 200)) expect([x.status, x.body.code]).toEqual([409, 'concurrency.conflict']);
      const { cardId } = await request(owner.requestId);
      await expectOneCard(cardId!, owner, await head());
      for (const id of ids.filter((i) => i !== cardId)) {
        expect((await card(id)).card).toBeNull();
        expect((await token(id)).owner).toBeNull();
        expect(await listEntry(id)).toBeUndefined();
      }
    }
  }, 240_000);

  it(`one customer files ${AT_ONCE} requests at once: one is open, the others are told one is (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const customer = await customerToken(app);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () => command(app, 'card-requests.submit', aRequest(), customer.token)),
      );
      const filed = answers.filter((a) => a.status === 200);
      expect(filed).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.code]).toEqual([409, 'cards.open_request_exists']);
      const lock = await stateOf(cardStreams.customer(customer.customerId), customerRequestsDecider);
      expect(cardStreams.request(lock.open!)).toBe(filed[0]!.body.streamId);
    }
  }, 240_000);

  it('a request being filed holds the lock: another filing is told one is open, until the lock is a minute old and never filed', async () => {
    const holdLock = async (customerId: string, ageMs: number) => {
      const opened = { type: 'CustomerCardRequestOpened', data: { customerId, requestId: randomUUID() } };
      const at = { now: () => new Date(Date.now() - ageMs) };
      await app.embedded.infra.eventStore.append(
        cardStreams.customer(customerId),
        [envelope(opened, newContext({ type: 'customer', id: customerId }), at)],
        'no_stream',
      );
    };
    // The lock of a filing under way (its request not yet on its stream) is not taken over.
    const busy = await customerToken(app);
    await holdLock(busy.customerId, 0);
    const refused = await command(app, 'card-requests.submit', aRequest(), busy.token);
    expect([refused.status, refused.body.code]).toEqual([409, 'cards.open_request_exists']);
    // One whose filing never finished (a crash between the steps) is, once it is older than a minute.
    const stale = await customerToken(app);
    await holdLock(stale.customerId, 61_000);
    expect((await command(app, 'card-requests.submit', aRequest(), stale.token)).status).toBe(200);
  });

  it('the same request and card ID delivered at once with two issue dates: one outcome, the card and the request agree', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const cardId = uniqueCardId();
      const owner = await aLinkRequest(cardId);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => deliver(owner.requestId, cardId, i % 2 ? today() : '2024-05-01')),
      );
      for (const x of answers.filter((y) => y.status !== 200)) expect([x.status, x.body.code]).toEqual([409, 'concurrency.conflict']);
      await expectOneCard(cardId, owner, await head());
      const [req, held] = [await request(owner.requestId), await card(cardId)];
      expect(held.card?.issueDate).toBe(req.issueDate);
    }
  }, 240_000);
});
