import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardStreams, type CardRequestAdminView } from '@evc/contracts';
import { fileCardRequest } from '@evc/command-service/cards/file-card-request';
import { systemClock } from '@evc/platform';
import { newContext } from '@evc/command-service/shared/command-context';
import { adminGet } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, superAdminToken } from '../support/identity';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
const uniqueCardId = () => `LINK-${randomUUID().slice(0, 8).toUpperCase()}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `card-requests.link` is no oracle for card IDs. Another customer's card answers exactly like an
 * unknown ID (code, status, body, and the work done), and link attempts are limited per customer, counted exactly.
 */
describe('linking a card tells nothing about other customers’ cards', () => {
  let app: TestApp;
  let staff: string;
  /** A card issued to its owner (linked and verified). */
  let issued: string;
  beforeAll(async () => {
    app = await startTestApp();
    staff = await superAdminToken(app);
    const owner = await customerToken(app);
    issued = uniqueCardId();
    const requestId = randomUUID();
    expect(
      (
        await command(
          app,
          'card-requests.link',
          { requestId, cardId: issued, referenceName: 'Owner card', phone: '01012345678' },
          owner.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (await command(app, 'card-requests.deliver', { requestId, expectedRevision: 0, cardId: issued, issueDate: today() }, staff)).status,
    ).toBe(200);
  }, 60_000);
  afterAll(() => app?.close());

  const link = (token: string, cardId: string, requestId = randomUUID()) =>
    command(app, 'card-requests.link', { requestId, cardId, referenceName: 'Found card', phone: '01012345678' }, token);
  /** What a caller can compare: status and body, less the ids and positions that differ for any two requests. */
  const shape = (res: Awaited<ReturnType<typeof link>>) => ({
    status: res.status,
    code: res.body.code,
    keys: Object.keys(res.body).sort(),
    fieldErrors: res.body.fieldErrors,
  });

  it('another customer’s card and an unknown ID get the same answer, filed or not; staff find the clash when verifying', async () => {
    const [guesser, control] = [await customerToken(app), await customerToken(app)];
    const taken = await link(guesser.token, issued);
    const unknown = await link(control.token, uniqueCardId());
    expect(shape(taken)).toEqual(shape(unknown));
    expect(taken.status).toBe(200);
    // With their one request open, every further guess is answered alike too.
    const [again, againUnknown] = [await link(guesser.token, issued), await link(guesser.token, uniqueCardId())];
    expect(shape(again)).toEqual(shape(againUnknown));
    expect([again.status, again.body.code]).toEqual([409, 'cards.open_request_exists']);

    // Verifying it is where the ID's owner matters: staff are told, the request stays for them to reject.
    const requestId = taken.body.streamId.replace(/^card-request-/, '');
    const verify = await command(
      app,
      'card-requests.deliver',
      { requestId, expectedRevision: 0, cardId: issued, issueDate: today() },
      staff,
    );
    expect([verify.status, verify.body.code]).toEqual([409, 'cards.card_exists']);
    expect((await adminGet<CardRequestAdminView>(app, `card-requests/${requestId}`, staff)).body.status).toBe('requested');
  });

  it('filing a link reads nothing the card ID names, so no timing tells an issued ID from an unknown one', async () => {
    const store = app.embedded.infra.eventStore;
    const reads = vi.spyOn(store, 'readStream');
    const fileLink = async (customerId: string, cardId: string) => {
      const details = {
        requestId: randomUUID(),
        customerId,
        kind: 'link' as const,
        referenceName: 'Found card',
        phone: '01012345678',
        governorateId: null,
        homeAddress: null,
        deliveryAddress: null,
        sameAsHome: false,
        cardId,
      };
      const started = performance.now();
      const outcome = await fileCardRequest({ store, clock: systemClock }, details, newContext({ type: 'customer', id: customerId })).then(
        () => 'filed',
        (e: { code?: string }) => e.code,
      );
      return { outcome, ms: performance.now() - started };
    };
    try {
      const guesser = randomUUID();
      await fileLink(guesser, uniqueCardId()); // their one open request: every later attempt takes the same path
      reads.mockClear();
      const times = { issued: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 40; i++) {
        const [a, b] = [await fileLink(guesser, issued), await fileLink(guesser, uniqueCardId())];
        expect([a.outcome, b.outcome]).toEqual(['cards.open_request_exists', 'cards.open_request_exists']);
        times.issued.push(a.ms);
        times.unknown.push(b.ms);
      }
      const streams = new Set(reads.mock.calls.map(([streamId]) => streamId));
      expect(streams.has(cardStreams.customer(guesser))).toBe(true); // the spy sees the reads filing makes
      expect(
        [...streams].filter((s) => s.startsWith('card-') && !s.startsWith('card-request-') && !s.startsWith('card-customer-')),
      ).toEqual([]);
      expect([...streams].filter((s) => s.startsWith('id-token-'))).toEqual([]);
      // The same work: the medians differ by no more than scheduling noise (a network round trip is far more).
      expect(Math.abs(median(times.issued) - median(times.unknown))).toBeLessThan(Math.max(2, median(times.unknown) / 2));
    } finally {
      reads.mockRestore();
    }
  });

  it('20 link attempts at once by one customer: exactly 5 are looked at, 15 are 429 with Retry-After (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const guesser = await customerToken(app);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => link(guesser.token, i % 2 ? issued : uniqueCardId())));
      const limited = answers.filter((a) => a.status === 429);
      expect(limited).toHaveLength(15);
      for (const a of limited) {
        expect(a.body.code).toBe('cards.too_many_attempts');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      const looked = answers.filter((a) => a.status !== 429).map((a) => [a.status, a.body.code ?? null]);
      expect(looked.sort()).toEqual([
        [200, null],
        [409, 'cards.open_request_exists'],
        [409, 'cards.open_request_exists'],
        [409, 'cards.open_request_exists'],
        [409, 'cards.open_request_exists'],
      ]);
    }
    // The limit is the guesser's own: another customer links at once.
    const other = await customerToken(app);
    expect((await link(other.token, uniqueCardId())).status).toBe(200);
  }, 120_000);
});
