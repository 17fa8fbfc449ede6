import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Paged } from '@evc/contracts';
import { READABLE } from '@evc/query-service/audit/audit.queries';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { chargeOnce, connectDemoCharger, demoCustomer, type RawCharger } from '../support/charging-story';
import { givenStaff, superAdminToken } from '../support/identity';

// The session history panel in the staff session detail reads the session's stream through audit.history, so a
// super admin sees it rather than "You do not have access".
describe("a charging session's history (audit.history on session-<id>)", () => {
  let app: TestApp;
  let admin: string;
  let charger: RawCharger;
  let sessionId: string;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await superAdminToken(app);
    charger = await connectDemoCharger(app);
    ({ sessionId } = await chargeOnce(app, charger, await demoCustomer(app), { registers: [2000, 4000] }));
  }, 60_000);
  afterAll(async () => {
    await charger?.close();
    await app?.close();
  });

  it('the seeded super admin reads it: requested, started, charging, stopped, billed, with who and what changed', async () => {
    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=session-${sessionId}`, admin);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const types = history.body.dataList.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['SessionRequested', 'SessionStartAccepted', 'SessionCharging', 'SessionStopped', 'SessionBilled']),
    );
    const requested = history.body.dataList.find((e) => e.type === 'SessionRequested')!;
    expect(requested.actor.type).toBe('customer');
    expect(requested.changes.map((c) => c.field)).toContain('chargerId');
  });

  it('staff who may read events but not sessions are refused; staff with both read it', async () => {
    await must(
      app,
      'roles.create',
      { roleId: 'role-events-only', name: 'Events only', nameAr: 'الأحداث فقط', privileges: ['events.read'] },
      admin,
    );
    await must(
      app,
      'roles.create',
      {
        roleId: 'role-events-sessions',
        name: 'Events and sessions',
        nameAr: 'الأحداث والجلسات',
        privileges: ['events.read', 'sessions.read'],
      },
      admin,
    );
    const eventsOnly = await givenStaff(app, ['role-events-only'], admin);
    const both = await givenStaff(app, ['role-events-sessions'], admin);
    const refused = await adminGet(app, `audit?streamId=session-${sessionId}`, eventsOnly.token);
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, 'auth.forbidden']);
    expect((await adminGet(app, `audit?streamId=session-${sessionId}`, both.token)).status).toBe(200);
  });
});

describe('every staff screen with a history panel reads a stream audit.history serves', () => {
  it('each auditStream={…} prefix in the admin screens is readable', async () => {
    // the staff screens live in each context's feature, under features/<context>/admin
    const features = path.join(import.meta.dirname, '../../frontend/src/features');
    const prefixes: string[] = [];
    for (const feature of await readdir(features)) {
      const dir = path.join(features, feature, 'admin');
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))) {
        const source = await readFile(path.join(dir, file), 'utf8');
        for (const match of source.matchAll(/auditStream=\{\([^)]*\)\s*=>\s*[`'"]([a-z-]+)/g)) prefixes.push(match[1]!);
      }
    }
    expect(prefixes.length).toBeGreaterThanOrEqual(9);
    expect(prefixes).toContain('session-');
    // a prefix stands for its streams (`session-` + an id); a whole name (`pricing-network`) for itself
    expect(prefixes.filter((p) => !READABLE.some((r) => r.test(p) || r.test(`${p}x1`)))).toEqual([]);
  });
});
