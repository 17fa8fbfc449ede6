import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launch } from '../support/process';

describe('the launcher (npm start)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-launch-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start on a bad value, naming the variable', async () => {
    const run = launch({ PORT: 'three-thousand', DATA_DIR: dataDir });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/PORT="three-thousand"/);
  });

  it(
    'starts with the demo seed, serves, stops gracefully on SIGTERM, and starts again with the same data',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      const first = launch({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await first.waitFor(/listening on http:\/\/localhost:\d+/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const stations = (await (await fetch(`http://127.0.0.1:${port}/api/queries/stations?pageSize=1`)).json()) as { totalCount: number };
      expect(stations.totalCount).toBeGreaterThanOrEqual(30);
      expect(first.output()).toMatch(/demo-chargers\.json/);
      // The OCPP gateway runs in a process of its own (OCPP_GATEWAY=process, the default).
      expect(first.output()).toMatch(/OCPP gateway process taking chargers/);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toMatch(/event log is flushed/);

      const second = launch({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await second.waitFor(/listening on/);
      const again = (await (await fetch(`http://127.0.0.1:${port}/api/queries/stations?pageSize=1`)).json()) as { totalCount: number };
      expect(again.totalCount).toBe(stations.totalCount);
      expect(second.output()).not.toMatch(/demo data seeded/);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    },
  );
});
