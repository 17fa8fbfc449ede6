import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsView, WalletView } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { command, customerToken, query, superAdminToken } from '../support/identity';

/**
 * "Load more" over HTTP while the list grows: staff adjust the customer's wallet between two pages (each adjustment is
 * a wallet line and a notification), and the customer still reads every line and notification exactly once.
 */
describe('lists a customer pages while they grow', () => {
  let app: TestApp;
  let admin: string;
  let customer: { customerId: string; token: string };
  let lastPosition = 0;

  const adjust = async (n: number) => {
    const res = await command(
      app,
      'wallet.adjust',
      { adjustmentId: randomUUID(), customerId: customer.customerId, direction: 'credit', amountEgp: n, reason: `Goodwill ${n}` },
      admin,
    );
    expect(res.status).toBe(200);
    lastPosition = Math.max(lastPosition, res.body.position);
  };
  /** Several adjustments at once, as busy staff make them. */
  const burst = async (from: number) => {
    await Promise.all([from, from + 1, from + 2].map(adjust));
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    customer = await customerToken(app);
    for (let n = 1; n <= 23; n++) await adjust(n);
  });
  afterAll(() => app?.close());

  async function loadAll(path: string, ids: (body: unknown) => string[]): Promise<{ seen: string[]; atStart: string[] }> {
    const atStart = ids((await query(app, `${path}?pageSize=100&position=${lastPosition}`, customer.token)).body);
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 100;
    for (let page = 0; page < 20; page++) {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res: { status: number; body: { nextCursor?: string | null } } = await query(
        app,
        `${path}?pageSize=5&position=${lastPosition}${after}`,
        customer.token,
      );
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.nextCursor ?? null;
      if (!cursor) return { seen, atStart };
      await burst((added += 3));
    }
    throw new Error('the list never ended');
  }

  const expectEachOnce = ({ seen, atStart }: { seen: string[]; atStart: string[] }) => {
    expect(atStart.length).toBeGreaterThanOrEqual(23);
    expect(seen.length, 'no line twice').toBe(new Set(seen).size);
    expect(
      atStart.filter((id) => !seen.includes(id)),
      'no line skipped',
    ).toEqual([]);
  };

  it('wallet lines: none twice, none skipped', async () => {
    expectEachOnce(
      await loadAll('/api/queries/me/wallet', (body) =>
        (body as WalletView).transactionsDates.flatMap((d) => d.transactions.map((t) => t.transactionId)),
      ),
    );
  });

  it('notifications: none twice, none skipped', async () => {
    expectEachOnce(
      await loadAll('/api/queries/me/notifications', (body) => (body as NotificationsView).dataList.map((n) => n.notificationId)),
    );
  });

  it('refuses a cursor that is not one, with a translated code', async () => {
    const res = await query(app, '/api/queries/me/wallet?cursor=nonsense', customer.token);
    expect([res.status, res.body.code]).toEqual([400, 'request.invalid']);
  });
});
