import type { WalletEvent, WalletTxView } from '@evc/contracts';
import type { EventHandler, Projection } from '../runner/projection';
import { actorView, CUSTOMER_ACCOUNTS } from '../identity/index';
import { cairoDateKey } from '../shared/cairo-date';
import { mergeOne } from '../shared/merge';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type WalletTxDoc = WalletTxView & { _id: string; customerId: string; dateKey: string; position: number };
/** One per customer; `count` = the wallet stream's revision + 1 (the stream holds only transactions). */
export type WalletDoc = { _id: string; customerId: string; balance: number; count: number; position: number };
export const WALLET_TRANSACTIONS = readModel<WalletTxDoc>(READ_MODELS.walletTransactions);
export const WALLETS = readModel<WalletDoc>(READ_MODELS.wallets);

export const walletTxKey = (customerId: string, transactionId: string) => `${customerId}|${transactionId}`;

const applyTransaction: EventHandler<WalletEvent['type']> = async (event, { documents, changed }) => {
  const d = event.data;
  const doc: WalletTxDoc = {
    _id: walletTxKey(d.customerId, d.transactionId),
    transactionId: d.transactionId,
    customerId: d.customerId,
    direction: event.type === 'WalletCredited' ? 'in' : 'out',
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
  const wallets = WALLETS.in(documents);
  const wallet = await wallets.findOne({ _id: d.customerId }, { projection: { position: 1 } });
  await WALLET_TRANSACTIONS.in(documents).replaceOne({ _id: doc._id }, doc, { upsert: true });
  changed(READ_MODELS.walletTransactions, doc._id, [d.customerId]);
  if (wallet && wallet.position >= event.position) return; // a replay: the wallet is already past it
  await mergeOne(wallets, d.customerId, {
    customerId: d.customerId,
    balance: d.balanceAfter,
    count: event.revision + 1,
    position: event.position,
  });
  changed(READ_MODELS.wallets, d.customerId, [d.customerId]);
  if (await mergeOne(CUSTOMER_ACCOUNTS.in(documents), d.customerId, { walletBalance: d.balanceAfter }, { upsert: false })) {
    changed(READ_MODELS.customers, d.customerId, [d.customerId]);
  }
};

/**
 * `wallet_transactions` (one per WalletCredited / WalletDebited, with its creator's name and Cairo day) and
 * `wallets` (balance and count per customer); the balance is also copied to `customer_accounts.walletBalance`.
 * The wallet stream holds only transactions, so count = revision + 1 and balance = the last balanceAfter: both
 * set, never incremented, so a replay changes nothing.
 */
export const walletProjection: Projection = {
  name: 'wallet',
  collections: [READ_MODELS.walletTransactions, READ_MODELS.wallets],
  async setup(documents) {
    const txs = documents.collection(READ_MODELS.walletTransactions);
    await txs.createIndex({ customerId: 1, createdDate: -1 });
    await txs.createIndex({ customerId: 1, direction: 1, createdDate: -1 });
  },
  on: { WalletCredited: applyTransaction, WalletDebited: applyTransaction },
};
