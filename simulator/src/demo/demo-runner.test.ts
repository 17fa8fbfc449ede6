import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { DemoRunner } from './demo-runner';
import { RateWindow } from './rate-window';

const dirs: string[] = [];
async function dataDir(chargers: { id: string; secret: string; ocppVersion: string }[] | null): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-demo-'));
  dirs.push(dir);
  if (chargers) await writeFile(path.join(dir, 'demo-chargers.json'), JSON.stringify(chargers));
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('demo runner', () => {
  it('never runs in the cluster profile: the status says so and start and steps are refused', async () => {
    const runner = new DemoRunner({ profile: 'cluster', dataDir: await dataDir([]), documents: createMemoryDocumentStore() });
    expect(await runner.status()).toMatchObject({ available: false, reason: 'cluster', running: false });
    await expect(runner.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({ code: 'demo.unavailable', status: 422 });
    await expect(runner.step('start', 'a', 'none')).rejects.toMatchObject({ code: 'demo.unavailable' });
  });

  it('without demo chargers (no seed, or keys the server does not accept) it is unavailable', async () => {
    const documents = createMemoryDocumentStore();
    await documents.collection('charger_auth').insertOne({
      _id: 'CP-1',
      chargerId: 'CP-1',
      stationId: 's',
      secretHash: createHash('sha256').update('right').digest('hex'),
      ocppVersion: '1.6',
      deleted: false,
    });
    const none = new DemoRunner({ profile: 'embedded', dataDir: await dataDir(null), documents });
    expect(await none.status()).toMatchObject({ available: false, reason: 'no_chargers' });
    const wrongKey = new DemoRunner({
      profile: 'embedded',
      dataDir: await dataDir([{ id: 'CP-1', secret: 'wrong', ocppVersion: '1.6' }]),
      documents,
    });
    expect(await wrongKey.status()).toMatchObject({ available: false, reason: 'no_chargers' });
    await expect(wrongKey.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({ code: 'demo.unavailable' });
    const good = new DemoRunner({
      profile: 'embedded',
      dataDir: await dataDir([{ id: 'CP-1', secret: 'right', ocppVersion: '1.6' }]),
      documents,
    });
    expect(await good.status()).toMatchObject({ available: true, reason: null, running: false });
  });

  it('limits starts per client address with the seconds to wait', async () => {
    const documents = createMemoryDocumentStore();
    const runner = new DemoRunner({ profile: 'embedded', dataDir: await dataDir(null), documents, limits: { startsPerWindow: 2 } });
    // Refused starts (no chargers) still count: a client cannot probe without limit.
    await expect(runner.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({ code: 'demo.unavailable' });
    await expect(runner.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({ code: 'demo.unavailable' });
    await expect(runner.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({
      code: 'demo.rate_limited',
      status: 429,
      headers: { 'Retry-After': expect.stringMatching(/^\d+$/) },
    });
    await expect(runner.start('ws://127.0.0.1:1', 'b')).rejects.toMatchObject({ code: 'demo.unavailable' });
  });
});

/** Demo chargers CP-1 and CP-2 the server accepts; `online` ones are held by someone (a simulator, a real charger). */
async function twoChargers(online: string[]) {
  const documents = createMemoryDocumentStore();
  const specs = ['CP-1', 'CP-2'].map((id) => ({ id, secret: `key-${id}`, ocppVersion: '1.6' }));
  for (const { id, secret } of specs) {
    await documents.collection('charger_auth').insertOne({
      _id: id,
      chargerId: id,
      stationId: 's',
      secretHash: createHash('sha256').update(secret).digest('hex'),
      ocppVersion: '1.6',
      deleted: false,
    });
    await documents.collection('chargers').insertOne({ _id: id, chargerId: id, online: online.includes(id) });
  }
  return { documents, dir: await dataDir(specs) };
}

describe('demo runner and the chargers others hold', () => {
  it('takes only demo chargers no one holds, and refuses, saying why, when every one is held', async () => {
    const { documents, dir } = await twoChargers(['CP-1']);
    const runner = new DemoRunner({ profile: 'embedded', dataDir: dir, documents });
    expect(await runner.status()).toMatchObject({ available: true, reason: null });
    const started = await runner.start('ws://127.0.0.1:1', 'a');
    expect(started.chargers.map((c) => c.chargerId)).toEqual(['CP-2']);
    await runner.stop();
    await documents.collection('chargers').updateOne({ _id: 'CP-2' }, { $set: { online: true } });
    expect(await runner.status()).toMatchObject({ available: false, reason: 'chargers_busy', running: false });
    await expect(runner.start('ws://127.0.0.1:1', 'a')).rejects.toMatchObject({ code: 'demo.chargers_busy', status: 409 });
  });
});

describe('rate window', () => {
  it('allows `limit` hits per key in the window, then says how long to wait', () => {
    let now = 0;
    const window = new RateWindow(2, 60_000, () => now);
    expect([window.take('k'), window.take('k')]).toEqual([0, 0]);
    expect(window.take('k')).toBe(60);
    now = 30_000;
    expect(window.take('k')).toBe(30);
    expect(window.take('other')).toBe(0);
    now = 60_001;
    expect(window.take('k')).toBe(0);
  });
});
