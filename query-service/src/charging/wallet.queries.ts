import type { WalletQuery, WalletTxView, WalletView } from '@evc/contracts';
import type { DocumentStore, Filter } from '@evc/platform';
import { WALLETS, WALLET_TRANSACTIONS, type WalletTxDoc } from '@evc/projections';
import { keysetPage, type Keyset } from '../shared/cursor';
import { exactly } from '../shared/exact-view';

export function txView(d: WalletTxDoc): WalletTxView {
  const { _id, customerId, dateKey, position, ...view } = d;
  return exactly<WalletTxView>()(view);
}

/** Transactions newest first (already in order) grouped into Cairo days, newest day first. */
export function groupByDay(docs: WalletTxDoc[]): WalletView['transactionsDates'] {
  const groups: WalletView['transactionsDates'] = [];
  for (const d of docs) {
    const date = d.dateKey;
    const last = groups.at(-1);
    if (last?.date === date) last.transactions.push(txView(d));
    else groups.push({ date, transactions: [txView(d)] });
  }
  return groups;
}

/** Newest first; the log position breaks ties of the same instant (the later transaction in the log is the newer one). */
const WALLET_ORDER: Keyset = { key: 'createdDate', dir: -1, tie: 'position', tieDir: -1, numericTie: true };

/** One customer's wallet: the customer's own (me.wallet) and the same history for staff (wallets.admin-get). */
export class WalletQueries {
  constructor(private readonly documents: DocumentStore) {}

  async wallet(customerId: string, q: WalletQuery): Promise<WalletView> {
    const txs = WALLET_TRANSACTIONS.in(this.documents);
    const filter: Filter = {
      customerId,
      ...(q.filter === 'incoming' ? { direction: 'in' } : q.filter === 'outgoing' ? { direction: 'out' } : {}),
    };
    const [wallet, { docs, nextCursor }, totalCount] = await Promise.all([
      WALLETS.in(this.documents).findOne({ _id: customerId }),
      keysetPage(WALLET_ORDER, filter, q, (where, options) => txs.find(where, options).toArray()),
      txs.countDocuments(filter),
    ]);
    return { balance: wallet?.balance ?? 0, totalCount, transactionsDates: groupByDay(docs), nextCursor };
  }
}
