import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RM } from '@evc/projections';
import { startTestApp, type TestApp } from '../support/app';
import { ROOT } from '../support/process';

const snapshot = async (app: TestApp) =>
  Object.fromEntries(
    await Promise.all(
      [RM.stations, RM.governorates, RM.pricing, RM.chargerAuth, RM.masterData].map(async (name) => [
        name,
        await app.embedded.infra.documents
          .collection(name)
          .find({}, { sort: { _id: 1 } })
          .toArray(),
      ]),
    ),
  );

describe('projections rebuild from the log', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
  });
  afterAll(() => app?.close({ keepData: false }));

  it('drops every read model and rebuilds the same documents', async () => {
    const before = await snapshot(app);
    expect((before[RM.stations] as unknown[]).length).toBeGreaterThanOrEqual(30);
    await app.embedded.infra.documents.collection(RM.stations).deleteMany({ governorateId: 'eg-c' }); // damage it
    await app.embedded.runner.rebuild();
    expect(await snapshot(app)).toEqual(before);
    expect(app.embedded.runner.current()).toBe(await app.embedded.infra.eventStore.headPosition());
  });

  it('`npm run projections:rebuild` replays a stopped data dir and reports its speed', async () => {
    await app.close({ keepData: true });
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'projections/src/rebuild-main.ts')], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: app.dataDir, LOG_LEVEL: 'warn' },
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (code) => resolve({ code, text }));
    });
    expect(output.code, output.text).toBe(0);
    expect(output.text).toMatch(/Rebuilt \d+ projections from \d+ log positions \(\d+ events applied\)/);
  });
});
