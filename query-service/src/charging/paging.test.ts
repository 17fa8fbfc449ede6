import { describe, expect, it } from 'vitest';
import { adminSessionsQuerySchema, mySessionsQuerySchema, notificationsQuerySchema, walletQuerySchema } from '@evc/contracts';
import type { Collection, Doc, DocumentStore } from '@evc/platform';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { NOTIFICATIONS, SESSIONS, WALLET_TRANSACTIONS, type NotificationDoc, type SessionDoc, type WalletTxDoc } from '@evc/projections';
import { CustomerQueries } from './customer.queries';
import { SessionsQueries } from './sessions.queries';
import { WalletQueries } from './wallet.queries';

const CUSTOMER = 'c-1';
const insertAll = async <T extends Doc>(collection: Collection<T>, docs: T[]) => {
  for (const doc of docs) await collection.insertOne(doc);
};
/** Two items per instant, so the tiebreak decides where a page ends. */
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 8) + Math.floor(n / 2) * 60_000).toISOString();

const walletLine = (n: number): WalletTxDoc => ({
  _id: `tx-${n}`,
  customerId: CUSTOMER,
  dateKey: at(n).slice(0, 10),
  position: 1000 + n,
  transactionId: `tx-${n}`,
  direction: n % 3 === 0 ? 'out' : 'in',
  amount: 100 + n,
  balanceAfter: 10_000 + n,
  kind: 'adjustment',
  reason: 'goodwill',
  reference: { type: 'adjustment', id: `a-${n}` },
  creator: { type: 'staff', id: 's-1', name: null },
  createdDate: at(n),
});
const notification = (n: number): NotificationDoc => ({
  _id: `n-${n}`,
  customerId: CUSTOMER,
  position: 1000 + n,
  notificationId: `n-${n}`,
  kind: 'wallet_adjusted',
  params: { amount: n },
  isSeen: false,
  incomingDate: at(n),
  dateKey: at(n).slice(0, 10),
});
/** Ids are not in time order (the tiebreak is the id), and every third session has no cost yet. */
const session = (n: number): SessionDoc =>
  ({
    _id: `s-${String((n * 7919) % 1000).padStart(3, '0')}-${n}`,
    customerId: CUSTOMER,
    customerName: 'Mona',
    sessionId: `s-${n}`,
    status: 'completed',
    requestedAt: at(n),
    cost: n % 3 === 0 ? null : (n * 37) % 11,
    energyWh: n,
    readings: { t: [], wh: [] },
    timeline: [],
  }) as unknown as SessionDoc;

/**
 * Reads a list page by page as a "load more" does, adding newer items between pages, and answers the ids read.
 * `read` gets the previous page's cursor.
 */
async function loadAll(
  read: (cursor: string | undefined) => Promise<{ ids: string[]; nextCursor: string | null | undefined }>,
  between: () => Promise<void>,
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const { ids, nextCursor } = await read(cursor);
    seen.push(...ids);
    if (!nextCursor) return seen;
    await between();
    cursor = nextCursor;
  }
  throw new Error('the list never ended');
}

/** Every item there at the start read exactly once; nothing read twice. */
function expectNoDuplicateNoGap(seen: string[], atStart: string[]) {
  expect(seen.length, 'no item twice').toBe(new Set(seen).size);
  expect(
    atStart.filter((id) => !seen.includes(id)),
    'no item skipped',
  ).toEqual([]);
}

describe('lists paged while they grow: by cursor, never an item twice nor one skipped', () => {
  const seeded = async <T extends { _id: string }>(
    insert: (documents: DocumentStore, docs: T[]) => Promise<unknown>,
    make: (n: number) => T,
    count: number,
  ) => {
    const documents = createMemoryDocumentStore();
    await insert(
      documents,
      Array.from({ length: count }, (_, n) => make(n)),
    );
    let next = count;
    // Newer items arrive between two pages (a debit, a notification, a new session).
    const grow = async () => {
      await insert(documents, [make(next++), make(next++), make(next++)]);
    };
    return { documents, grow, atStart: Array.from({ length: count }, (_, n) => make(n)._id) };
  };

  it('wallet lines (the customer and staff read the same history)', async () => {
    for (const filter of ['all', 'incoming'] as const) {
      const { documents, grow, atStart } = await seeded((d, docs) => insertAll(WALLET_TRANSACTIONS.in(d), docs), walletLine, 45);
      const wallet = new WalletQueries(documents);
      const seen = await loadAll(async (cursor) => {
        const page = await wallet.wallet(CUSTOMER, walletQuerySchema.parse({ filter, pageSize: 10, cursor }));
        return { ids: page.transactionsDates.flatMap((d) => d.transactions.map((t) => t.transactionId)), nextCursor: page.nextCursor };
      }, grow);
      expectNoDuplicateNoGap(seen, filter === 'all' ? atStart : atStart.filter((_, n) => n % 3 !== 0));
    }
  });

  it('notifications', async () => {
    const { documents, grow, atStart } = await seeded((d, docs) => insertAll(NOTIFICATIONS.in(d), docs), notification, 45);
    const customer = new CustomerQueries(documents);
    const seen = await loadAll(async (cursor) => {
      const page = await customer.notifications(CUSTOMER, notificationsQuerySchema.parse({ pageSize: 10, cursor }));
      return { ids: page.dataList.map((n) => n.notificationId), nextCursor: page.nextCursor };
    }, grow);
    expectNoDuplicateNoGap(seen, atStart);
  });

  it("the customer's sessions and staff's, in every order staff may choose (a missing cost included)", async () => {
    const { documents, grow, atStart } = await seeded((d, docs) => insertAll(SESSIONS.in(d), docs), session, 45);
    const sessions = new SessionsQueries(documents);
    const mine = await loadAll(async (cursor) => {
      const page = await sessions.mine(CUSTOMER, mySessionsQuerySchema.parse({ pageSize: 10, cursor }));
      return { ids: page.dataList.map((s) => s.sessionId), nextCursor: page.nextCursor };
    }, grow);
    const sessionIds = atStart.map((id) => `s-${id.split('-').at(-1)}`);
    expectNoDuplicateNoGap(mine, sessionIds);
    for (const sort of ['requestedAt', 'cost', 'energyWh'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen = await loadAll(async (cursor) => {
          const page = await sessions.adminList(adminSessionsQuerySchema.parse({ pageSize: 10, sort, dir, cursor }), false);
          return { ids: page.dataList.map((s) => s.sessionId), nextCursor: page.nextCursor };
        }, grow);
        expectNoDuplicateNoGap(seen, sessionIds);
      }
    }
  });

  it('refuses a cursor that does not fit the list', async () => {
    const sessions = new SessionsQueries(createMemoryDocumentStore());
    await expect(sessions.adminList(adminSessionsQuerySchema.parse({ sort: 'cost', cursor: 'abc~s-1' }), false)).rejects.toMatchObject({
      code: 'request.invalid',
    });
    expect(walletQuerySchema.safeParse({ cursor: 'no-separator' }).success).toBe(false);
  });
});
