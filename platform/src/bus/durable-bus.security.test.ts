import { appendFile, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bus } from '../ports/bus';
import { openInProcessBus } from './in-process-bus';

/** The embedded bus keeps durable topics on disk before `publish` resolves. */
describe('the in-process bus with a durable topic', () => {
  let dir: string;
  const open: Bus[] = [];
  const bus = async () => {
    const b = await openInProcessBus({ dir, durableTopics: ['ocpp.inbound'], retryDelayMs: 5 });
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close().catch(() => undefined)));
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const setup = async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bus-')));
  const consume = (b: Bus, groupId: string, into: string[], stopAfter = Infinity) =>
    b.subscribe<{ n: number }>({ groupId, topics: ['ocpp.inbound'], fromBeginning: true }, ({ value }) => {
      if (into.length >= stopAfter) throw new Error('stop here');
      into.push(String(value.n));
    });

  it('a published message is in the log file when publish resolves', async () => {
    await setup();
    const b = await bus();
    await b.publish('ocpp.inbound', [{ key: 'CP-1', value: { n: 42, marker: 'durable-marker-1' } }]);
    const segments = (await readdir(dir)).filter((f) => f.endsWith('.log'));
    const text = (await Promise.all(segments.map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
    expect(text).toContain('durable-marker-1');
  });

  it('a handed-over value of a durable topic is on disk too, and a restart delivers it', async () => {
    await setup();
    const first = await bus();
    await first.publish('ocpp.inbound', [{ key: 'CP-1', value: { n: 7, marker: 'handed-over-marker' } }], { handOver: true });
    const segments = (await readdir(dir)).filter((f) => f.endsWith('.log'));
    const text = (await Promise.all(segments.map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
    expect(text).toContain('handed-over-marker');
    await first.close();
    const second = await bus();
    const after: string[] = [];
    consume(second, 'late-group', after);
    await expect.poll(() => after).toEqual(['7']);
  });

  it('what a group had not consumed is delivered after a restart, from where it committed', async () => {
    await setup();
    const first = await bus();
    const seen: string[] = [];
    const consumer = consume(first, 'charging', seen, 3);
    await first.publish(
      'ocpp.inbound',
      Array.from({ length: 10 }, (_, n) => ({ key: 'CP-1', value: { n } })),
    );
    await expect.poll(() => seen.length).toBe(3);
    await new Promise((r) => setTimeout(r, 250)); // the committed offset is saved at most every 100 ms
    await consumer.stop();
    await first.close();

    const second = await bus();
    const after: string[] = [];
    consume(second, 'charging', after);
    await expect.poll(() => after).toEqual(['3', '4', '5', '6', '7', '8', '9']);
  });

  it('rolls segments under concurrent publishes without reordering, and deletes the consumed ones', async () => {
    await setup();
    const first = await openInProcessBus({ dir, durableTopics: ['ocpp.inbound'], segmentBytes: 400 });
    open.push(first);
    await Promise.all(Array.from({ length: 60 }, (_, n) => first.publish('ocpp.inbound', [{ key: 'CP-3', value: { n } }])));
    await first.close();
    const second = await bus();
    const seen: string[] = [];
    const consumer = consume(second, 'all', seen);
    await expect.poll(() => seen.length).toBe(60);
    expect(seen).toEqual(Array.from({ length: 60 }, (_, n) => String(n)));
    const before = (await readdir(dir)).filter((f) => f.endsWith('.log')).length;
    expect(before).toBeGreaterThan(2);
    // Every group has consumed everything: publishing again lets retention drop the old segments.
    await new Promise((r) => setTimeout(r, 1100));
    await second.publish('ocpp.inbound', [{ key: 'CP-3', value: { n: 60 } }]);
    await expect.poll(() => seen.length).toBe(61);
    await second.publish('ocpp.inbound', [{ key: 'CP-3', value: { n: 61 } }]);
    await expect.poll(async () => (await readdir(dir)).filter((f) => f.endsWith('.log')).length).toBeLessThan(before);
    await consumer.stop();
  });

  it('a torn tail (a crash mid-write) is cut off; every whole record survives', async () => {
    await setup();
    const first = await bus();
    await first.publish('ocpp.inbound', [
      { key: 'CP-2', value: { n: 1 } },
      { key: 'CP-2', value: { n: 2 } },
    ]);
    await first.close();
    const [segment] = (await readdir(dir)).filter((f) => f.endsWith('.log')).sort();
    await appendFile(path.join(dir, segment!), Buffer.from([0x30, 0, 0, 0, 1, 2, 3]));
    const second = await bus();
    const seen: string[] = [];
    consume(second, 'fresh', seen);
    await expect.poll(() => seen).toEqual(['1', '2']);
    await second.publish('ocpp.inbound', [{ key: 'CP-2', value: { n: 3 } }]);
    await expect.poll(() => seen).toEqual(['1', '2', '3']);
  });
});
