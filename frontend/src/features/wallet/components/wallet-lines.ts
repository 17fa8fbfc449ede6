import type { Locale } from '@evc/contracts/shared';
import type { WalletTxView, WalletView } from '@evc/contracts/wallet';
import { formatMoney } from '../../../lib/format';

export interface DayGroup {
  date: string;
  transactions: WalletTxView[];
}

/**
 * The loaded pages as one list of day groups: a day split across pages is one group; days newest first, and within
 * a day the newest line first (a new transaction goes at the top of its day's group).
 */
export function mergeDayGroups(pages: readonly WalletView[]): DayGroup[] {
  const byDate = new Map<string, Map<string, WalletTxView>>();
  for (const page of pages) {
    for (const group of page.transactionsDates) {
      const lines = byDate.get(group.date) ?? new Map<string, WalletTxView>();
      for (const tx of group.transactions) lines.set(tx.transactionId, tx);
      byDate.set(group.date, lines);
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, lines]) => ({
      date,
      transactions: [...lines.values()].sort((a, b) => Date.parse(b.createdDate) - Date.parse(a.createdDate)),
    }));
}

/** A wallet line: + for money in, − for money out, EGP with two decimals in the language's digits. */
export const signedMoney = (piastres: number, direction: WalletTxView['direction'], locale: Locale): string =>
  `${direction === 'in' ? '+' : '−'}${formatMoney(Math.abs(piastres), locale)}`;
