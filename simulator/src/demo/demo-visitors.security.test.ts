import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { DemoRunner } from './demo-runner';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Demo chargers CP-1 and CP-2 that the server accepts and no one holds. */
async function twoChargers() {
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
    await documents.collection('chargers').insertOne({ _id: id, chargerId: id, online: false });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-demo-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'demo-chargers.json'), JSON.stringify(specs));
  return { documents, dir };
}

describe('demo runner and its visitors', () => {
  it('20 visitors starting at once launch one run; only its launcher gets the token that steers it (5 rounds)', async () => {
    const { documents, dir } = await twoChargers();
    const runner = new DemoRunner({ profile: 'embedded', dataDir: dir, documents, limits: { startsPerWindow: 100, stepsPerWindow: 1000 } });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => runner.start('ws://127.0.0.1:1', `visitor-${i}`)));
      const tokens = answers.flatMap((a) => (a.token ? [a.token] : []));
      expect(tokens).toHaveLength(1);
      expect(new Set(answers.map((a) => a.startedAt)).size).toBe(1);
      expect((await runner.status()).token).toBeNull();
      for (const token of ['', 'guess', tokens[0]!.slice(1)])
        await expect(runner.step('stop', 'visitor-x', token)).rejects.toMatchObject({ code: 'demo.not_yours', status: 403 });
      // the launcher's token passes: here the step only waits for the charger to connect
      await expect(runner.step('plug-in', 'visitor-y', tokens[0]!)).rejects.toMatchObject({ code: 'demo.not_running' });
      await runner.stop();
    }
  });
});
