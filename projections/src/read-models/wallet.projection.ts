import type { WalletEvent, WalletTxView } from '@evc/contracts';
import type { Doc } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { actorView } from './actor-view';
import { cairoDateKey } from './cairo-date';
import { CHARGING_RM } from './charging-collections';
import { RM } from './collections';
import { mergeOne } from './merge';

export type WalletTxDoc = Doc & WalletTxView & { _id: string; customerId: string; dateKey: string; position: number };

export const walletTxKey = (customerId: string, transactionId: string) => `${customerId}|${transactionId}`;

/**
 * `wallet_transactions` (one per WalletCredited / WalletDebited, with its creator's name and Cairo day) and
 * `wallets` (balance and count per customer); the balance is also copied to `customer_accounts.walletBalance`.
 * The wallet stream holds only transactions, so count = revision + 1 and balance = the last balanceAfter: both
 * set, never incremented, so a replay changes nothing.
 */
export const walletProjection: Projection = {
  name: 'wallet',
  collections: [CHARGING_RM.walletTransactions, CHARGING_RM.wallets],
  handles: ['WalletCredited', 'WalletDebited'],
  async setup(documents) {
    const txs = documents.collection(CHARGING_RM.walletTransactions);
    await txs.createIndex({ customerId: 1, createdDate: -1 });
    await txs.createIndex({ customerId: 1, direction: 1, createdDate: -1 });
  },
  async apply(event, { documents, changed }) {
    const e = { type: event.type, data: event.data } as WalletEvent;
    const d = e.data;
    const doc: WalletTxDoc = {
      _id: walletTxKey(d.customerId, d.transactionId),
      transactionId: d.transactionId,
      customerId: d.customerId,
      direction: e.type === 'WalletCredited' ? 'in' : 'out',
      amount: d.amount,
      balanceAfter: d.balanceAfter,
      kind: d.kind,
      reason: d.reason,
      reference: d.reference,
      creator: await actorView(documents, event.metadata.actor),
      createdDate: d.at,
      dateKey: cairoDateKey(d.at),
      position: event.position,
    };
    const wallets = documents.collection(CHARGING_RM.wallets);
    const wallet = await wallets.findOne({ _id: d.customerId }, { projection: { position: 1 } });
    await documents.collection<WalletTxDoc>(CHARGING_RM.walletTransactions).replaceOne({ _id: doc._id }, doc, { upsert: true });
    changed(CHARGING_RM.walletTransactions, doc._id, [d.customerId]);
    if (wallet && Number(wallet.position) >= event.position) return; // a replay: the wallet is already past it
    await mergeOne(wallets, d.customerId, { customerId: d.customerId, balance: d.balanceAfter, count: event.revision + 1, position: event.position });
    changed(CHARGING_RM.wallets, d.customerId, [d.customerId]);
    if (await mergeOne(documents.collection(RM.customers), d.customerId, { walletBalance: d.balanceAfter }, { upsert: false })) {
      changed(RM.customers, d.customerId, [d.customerId]);
    }
  },
};
