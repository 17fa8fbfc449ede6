import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RM } from '@evc/projections';
import { setLogLevel } from '@evc/platform/logging/logger';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/app';
import { aSignUp, command, givenStaff, linkToken, mailsTo, refresh, signIn, superAdminToken } from '../support/identity';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/**
 * Runs every flow that handles a secret, keeping each plaintext secret it sees, then looks for all of them in the
 * logs, the event log (API and files on disk), every read model and the error bodies.
 */
describe('secrets never leak', () => {
  let app: TestApp;
  const secrets: string[] = [TEST_ADMIN.password];
  const logs: string[] = [];
  const errorBodies: string[] = [];
  const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    app = await startTestApp({ env: { RESEND_INTERVAL_SECONDS: '0' } });
    secrets.push((await readFile(path.join(app.dataDir, 'auth-secret'), 'utf8')).trim());
    setLogLevel('debug');
    const capture = (chunk: unknown) => {
      logs.push(String(chunk));
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;

    const form = aSignUp({ password: 'Plain7extOne', confirmPassword: 'Plain7extOne' });
    secrets.push(form.password);
    await command(app, 'auth.sign-up', form);
    const verifyToken = linkToken((await mailsTo(app, form.email))[0]!);
    secrets.push(verifyToken);
    await command(app, 'auth.verify-email', { token: verifyToken });
    const wrong = await signIn(app.baseUrl, form.email, 'Wr0ngGuessPass');
    errorBodies.push(JSON.stringify(wrong.body));
    secrets.push('Wr0ngGuessPass');
    const session = await signIn(app.baseUrl, form.email, form.password, 'customer', true);
    secrets.push(session.body.token, session.cookie!.split('=')[1]!);
    const rotated = await refresh(app.baseUrl, session.cookie);
    secrets.push(rotated.body.token, rotated.cookie!.split('=')[1]!);
    const badChange = await command(
      app,
      'account.change-password',
      { currentPassword: 'N0tTheCurrent', password: 'Ibis-Lantern-47q', confirmPassword: 'Ibis-Lantern-47q' },
      rotated.body.token,
    );
    errorBodies.push(JSON.stringify(badChange.body));
    secrets.push('N0tTheCurrent');
    await command(
      app,
      'account.change-password',
      { currentPassword: form.password, password: 'Ibis-Lantern-47q', confirmPassword: 'Ibis-Lantern-47q' },
      rotated.body.token,
    );
    secrets.push('Ibis-Lantern-47q');
    await command(app, 'auth.forgot-password', { email: form.email });
    const resetToken = linkToken((await mailsTo(app, form.email, 2))[0]!);
    secrets.push(resetToken);
    await command(app, 'auth.reset-password', { token: resetToken, password: 'R3setSecretX', confirmPassword: 'R3setSecretX' });
    secrets.push('R3setSecretX');
    const reused = await command(app, 'auth.reset-password', {
      token: resetToken,
      password: 'R3setSecretY',
      confirmPassword: 'R3setSecretY',
    });
    errorBodies.push(JSON.stringify(reused.body));
    const staff = await givenStaff(app, ['role-viewer'], await superAdminToken(app));
    secrets.push(staff.password, staff.token);
    await app.embedded.runner.waitFor(await app.embedded.infra.eventStore.headPosition(), 5000);
  });

  afterAll(async () => {
    process.stdout.write = originals.out;
    process.stderr.write = originals.err;
    setLogLevel('warn');
    await app?.close();
  });

  it('collected the secrets of every flow', () => {
    expect(secrets.filter((s) => s && s.length >= 8)).toHaveLength(secrets.length);
    expect(secrets.length).toBeGreaterThanOrEqual(14);
  });

  it('not in the logs', () => {
    const text = logs.join('');
    expect(text).toMatch(/sign-in refused/);
    expect(text).toMatch(/signed in/);
    for (const s of secrets) expect(text.includes(s), `log contains ${s.slice(0, 6)}…`).toBe(false);
  });

  it('not in the events (only hashes), read through the store and as stored on disk', async () => {
    const events = JSON.stringify(await app.embedded.infra.eventStore.readAll());
    expect(events).toContain('PasswordReset');
    expect(events).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const onDisk = (await Promise.all((await filesUnder(path.join(app.dataDir, 'eventstore'))).map((f) => readFile(f))))
      .map((b) => b.toString('latin1'))
      .join('');
    for (const s of secrets) {
      expect(events.includes(s), `event log contains ${s.slice(0, 6)}…`).toBe(false);
      expect(onDisk.includes(s), `event files contain ${s.slice(0, 6)}…`).toBe(false);
    }
  });

  it('not in any identity read model, and no password or token hash there either', async () => {
    const collections = [RM.accounts, RM.admins, RM.customers, RM.roles, RM.resetLinks];
    const docs = JSON.stringify(await Promise.all(collections.map((c) => app.embedded.infra.documents.collection(c).find({}).toArray())));
    expect(docs).toContain('Mona');
    for (const s of secrets) expect(docs.includes(s)).toBe(false);
    expect(docs).not.toMatch(/argon2|passwordHash|tokenHash/);
    const hashes = (await app.embedded.infra.eventStore.readAll())
      .flatMap((e) => Object.values(e.data as Record<string, unknown>))
      .filter((v): v is string => typeof v === 'string' && /^(\$argon2|[0-9a-f]{64}$)/.test(v));
    expect(hashes.length).toBeGreaterThan(3);
    for (const h of hashes) expect(docs.includes(h)).toBe(false);
  });

  it('not in error bodies', () => {
    const text = errorBodies.join('');
    expect(text).toContain('identity.invalid_credentials');
    for (const s of secrets) expect(text.includes(s)).toBe(false);
  });

  it('the generated signing key is kept with mode 0600', async () => {
    const mode = (await stat(path.join(app.dataDir, 'auth-secret'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
