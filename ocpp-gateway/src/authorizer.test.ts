import { describe, expect, it, vi } from 'vitest';
import { BUS_TOPICS, type OcppAuthorizeReply, type OcppAuthorizeRequest } from '@evc/contracts';
import type { Bus, ConsumerOptions, MessageHandler, OutgoingMessage } from '@evc/platform';
import { Authorizer, REMOTE_START_STANDS_MS } from './authorizer';

/** A bus that records the questions and lets the test answer them as the command side would. */
function fakeBus() {
  const questions: OcppAuthorizeRequest[] = [];
  const handlers = new Map<string, MessageHandler<unknown>>();
  const bus = {
    async publish(topic: string, messages: OutgoingMessage<unknown>[]) {
      if (topic === BUS_TOPICS.ocppAuthorize) questions.push(...messages.map((m) => m.value as OcppAuthorizeRequest));
    },
    subscribe(options: ConsumerOptions, handler: MessageHandler<unknown>) {
      for (const topic of options.topics) handlers.set(topic, handler);
      return { ready: Promise.resolve(), stop: async () => undefined };
    },
    async close() {},
  } as unknown as Bus;
  const deliver = (topic: string, value: unknown) =>
    handlers.get(topic)!({ topic, partition: 0, offset: 0, key: '', value, headers: {}, timestamp: new Date().toISOString() } as never);
  return { bus, questions, deliver };
}

const question = (over: Partial<Pick<OcppAuthorizeRequest, 'chargerId' | 'idTag' | 'connectorId' | 'purpose'>> = {}) => ({
  chargerId: 'CP-1',
  idTag: 'APP-0001',
  connectorId: 1,
  purpose: 'transaction' as const,
  ...over,
});

describe('Authorizer: a transaction the network asked for with a remote start', () => {
  it('is answered Accepted without a question to the command side, once', async () => {
    const { bus, questions } = fakeBus();
    const authorizer = new Authorizer(bus, 'node-a', 30);
    authorizer.remoteStartSent('CP-1', 'APP-0001', 1);
    await expect(authorizer.authorize(question())).resolves.toEqual({ status: 'Accepted', expiryDate: null, source: 'remote-start' });
    expect(questions).toHaveLength(0);
    // The remote start stood for one transaction: the next one with the tag is asked about (here nobody answers).
    await expect(authorizer.authorize(question())).resolves.toMatchObject({ source: 'fallback' });
    expect(questions).toHaveLength(1);
  });

  it('stands for that charger, tag and connector only', async () => {
    const { bus, questions } = fakeBus();
    const authorizer = new Authorizer(bus, 'node-a', 30);
    authorizer.remoteStartSent('CP-1', 'APP-0001', 1);
    await authorizer.authorize(question({ chargerId: 'CP-2' }));
    await authorizer.authorize(question({ idTag: 'APP-0002' }));
    await authorizer.authorize(question({ connectorId: 2 }));
    expect(questions.map((q) => [q.chargerId, q.idTag, q.connectorId])).toEqual([
      ['CP-2', 'APP-0001', 1],
      ['CP-1', 'APP-0002', 1],
      ['CP-1', 'APP-0001', 2],
    ]);
    // Still there for the transaction it was sent for.
    await expect(authorizer.authorize(question())).resolves.toMatchObject({ source: 'remote-start' });
  });

  it('answers an Authorize before the start from it too, and still stands for the transaction', async () => {
    const { bus, questions } = fakeBus();
    const authorizer = new Authorizer(bus, 'node-a', 30);
    authorizer.remoteStartSent('CP-1', 'APP-0001', 1);
    await expect(authorizer.authorize(question({ purpose: 'authorize', connectorId: null }))).resolves.toMatchObject({
      status: 'Accepted',
      source: 'remote-start',
    });
    await expect(authorizer.authorize(question())).resolves.toMatchObject({ status: 'Accepted', source: 'remote-start' });
    expect(questions).toHaveLength(0);
  });

  it('no longer stands once the charger refused the start, the card was blocked, or its time passed', async () => {
    const { bus, questions, deliver } = fakeBus();
    let now = Date.parse('2026-11-29T10:00:00Z');
    const authorizer = new Authorizer(bus, 'node-a', 30, () => now);
    authorizer.remoteStartSent('CP-1', 'APP-0001', 1);
    authorizer.remoteStartRefused('CP-1', 'APP-0001');
    await authorizer.authorize(question());
    expect(questions).toHaveLength(1);

    authorizer.remoteStartSent('CP-1', 'CARD-0001', 1);
    await deliver(BUS_TOPICS.idTokenChanges, { idTag: 'CARD-0001', status: 'Blocked', at: new Date(now).toISOString() });
    // Blocked: refused from the cache would be the fallback's answer; here the command side is asked and says so.
    const asked = authorizer.authorize(question({ idTag: 'CARD-0001' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(questions).toHaveLength(2);
    const q = questions[1]!;
    await deliver(BUS_TOPICS.ocppAuthorizeReplies, {
      requestId: q.requestId,
      nodeId: 'node-a',
      chargerId: 'CP-1',
      idTag: 'CARD-0001',
      status: 'Blocked',
      expiryDate: null,
    } satisfies OcppAuthorizeReply);
    await expect(asked).resolves.toEqual({ status: 'Blocked', expiryDate: null, source: 'command-side' });

    authorizer.remoteStartSent('CP-1', 'APP-0003', 1);
    now += REMOTE_START_STANDS_MS + 1;
    await expect(authorizer.authorize(question({ idTag: 'APP-0003' }))).resolves.toMatchObject({ source: 'fallback' });
    expect(questions).toHaveLength(3);
  });
});

describe('Authorizer: a command side too busy to answer', () => {
  it('answers every question by the fallback and logs the storm as two lines, not one a question', async () => {
    const { bus } = fakeBus();
    const authorizer = new Authorizer(bus, 'node-a', 5);
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          authorizer.authorize(
            question({ chargerId: `CP-${i}`, purpose: i < 150 ? 'transaction' : 'authorize', connectorId: i < 150 ? 1 : null }),
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 'Accepted' && a.source === 'fallback')).toHaveLength(150);
      expect(answers.filter((a) => a.status === 'Invalid' && a.source === 'fallback')).toHaveLength(50);
      await authorizer.stop();
    } finally {
      spy.mockRestore();
    }
    const lines = written.filter((l) => l.includes('no authorize answer in time'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"chargerId":"CP-0"');
    expect(lines[1]).toContain('199 more in the last 10 s');
    expect(lines[1]).toContain('"byKind":{"transaction: Accepted":149,"authorize: Invalid":50}');
  });
});
