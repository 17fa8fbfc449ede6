import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launch } from '../support/process';
import { signIn } from '../support/identity';

/** The real launcher: roles, super admin and demo customer seeded once; generated passwords printed once. */
describe('identity seed (npm start)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-seed-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints each generated password once on one line, which signs in; a restart prints nothing and changes nothing', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_ADMIN_EMAIL: 'root@example.com',
      SEED_CUSTOMER_EMAIL: 'demo@example.com',
    };
    const first = launch(env);
    await first.waitFor(/listening on/);
    await first.waitFor(/Generated demo customer/);
    const base = `http://127.0.0.1:${port}`;
    const lines = first
      .output()
      .split('\n')
      .filter((l) => l.includes('Generated'));
    expect(lines).toHaveLength(2);
    const adminPassword = /root@example\.com \/ (\S+)/.exec(lines.find((l) => l.includes('super admin'))!)![1]!;
    const customerPassword = /demo@example\.com \/ (\S+)/.exec(lines.find((l) => l.includes('demo customer'))!)![1]!;
    expect(first.output().split(adminPassword)).toHaveLength(2); // exactly once in the whole output
    expect((await signIn(base, 'root@example.com', adminPassword, 'staff')).status).toBe(200);
    expect((await signIn(base, 'demo@example.com', customerPassword, 'customer')).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = launch(env);
    await second.waitFor(/listening on/);
    expect(second.output()).not.toMatch(/Generated|identity seeded/);
    expect(second.output()).not.toContain(adminPassword);
    expect((await signIn(base, 'root@example.com', adminPassword, 'staff')).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});
