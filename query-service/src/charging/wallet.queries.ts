import type { WalletQuery, WalletTxView, WalletView } from '@evc/contracts';
import type { Doc, DocumentStore, Filter } from '@evc/platform';
import { CHARGING_RM } from '@evc/projections';

const txView = (d: Doc): WalletTxView => ({
  transactionId: String(d.transactionId),
  direction: d.direction === 'in' ? 'in' : 'out',
  amount: Number(d.amount),
  balanceAfter: Number(d.balanceAfter),
  kind: d.kind as WalletTxView['kind'],
  reason: String(d.reason ?? ''),
  reference: d.reference as WalletTxView['reference'],
  creator: d.creator as WalletTxView['creator'],
  createdDate: String(d.createdDate),
});

/** Transactions newest first (already in order) grouped into Cairo days, newest day first. */
export function groupByDay(docs: Doc[]): WalletView['transactionsDates'] {
  const groups: WalletView['transactionsDates'] = [];
  for (const d of docs) {
    const date = String(d.dateKey);
    const last = groups.at(-1);
    if (last?.date === date) last.transactions.push(txView(d));
    else groups.push({ date, transactions: [txView(d)] });
  }
  return groups;
}

/** One customer's wallet: the customer's own (me.wallet) and the same history for staff (wallets.admin-get). */
export class WalletQueries {
  constructor(private readonly documents: DocumentStore) {}

  async wallet(customerId: string, q: WalletQuery): Promise<WalletView> {
    const txs = this.documents.collection(CHARGING_RM.walletTransactions);
    const filter: Filter = { customerId, ...(q.filter === 'incoming' ? { direction: 'in' } : q.filter === 'outgoing' ? { direction: 'out' } : {}) };
    const [wallet, docs, totalCount] = await Promise.all([
      this.documents.collection(CHARGING_RM.wallets).findOne({ _id: customerId }),
      // position breaks ties of the same instant: the later transaction in the log is the newer one.
      txs.find(filter, { sort: { createdDate: -1, position: -1 }, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
      txs.countDocuments(filter),
    ]);
    return { balance: typeof wallet?.balance === 'number' ? wallet.balance : 0, totalCount, transactionsDates: groupByDay(docs) };
  }
}
