import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { WALLET_FILTERS, type WalletQuery, type WalletTxView } from '@evc/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { formatDay } from '../../../lib/format-day';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { positionOf } from '../../../components/admin/admin-api';
import { Pager, Toolbar, QueryWait } from '../../../components/admin/admin-ui';
import { useCodeText, useSessionFormat } from '../../../components/admin/session-format';
import { WALLETS, WalletAdjustForm } from './wallet-adjust-form';

export const WALLET_PAGE_SIZE = 20;

const History = styled.div`
  display: grid;
  gap: 0.75rem;
  h4 {
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.35rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    padding-block: 0.35rem;
    border-block-end: 1px solid #e2e8f0;
  }
  .in {
    color: #166534;
  }
  .out {
    color: #b91c1c;
  }
  .amount {
    font-weight: 700;
    min-inline-size: 7rem;
  }
`;

/** A customer's wallet on the customers screen: balance, the history the customer sees, and Add / Deduct. */
export function WalletPanel({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const canAdjust = hasPrivilege(session, 'wallet.adjust');
  const [filter, setFilter] = useState<WalletQuery['filter']>('all');
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<'credit' | 'debit' | null>(null);
  const fmt = useSessionFormat();
  // Where each page reached so far starts: the next page follows the last line shown, so a line added meanwhile
  // (a debit, an adjustment) shifts nothing.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const cursor = cursors[page];
  const query = useQuery({
    queryKey: [WALLETS, customerId, filter, page, cursor],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.query(
        'wallets.admin-get',
        { customerId, filter, pageSize: WALLET_PAGE_SIZE, ...(cursor ? { cursor } : { page }) },
        { signal, position: positionOf(WALLETS) },
      ),
  });
  const nextCursor = query.isPlaceholderData ? undefined : query.data?.nextCursor;
  useEffect(() => {
    if (nextCursor) setCursors((known) => (known[page + 1] === nextCursor ? known : { ...known, [page + 1]: nextCursor }));
  }, [page, nextCursor]);
  if (query.isPending || query.isError) return <QueryWait query={query} />;
  const wallet = query.data;

  return (
    <section aria-label={intl.formatMessage({ id: 'admin.wallet.title' })}>
      <Toolbar>
        <p>
          <FormattedMessage id="admin.wallet.balance" />{' '}
          <strong data-testid="wallet-balance">
            <bdi>{fmt.money(wallet.balance)}</bdi>
          </strong>
        </p>
        <span className="spacer" />
        {canAdjust && (
          <>
            <Button type="button" onClick={() => setAdjusting('credit')} aria-expanded={adjusting === 'credit'}>
              <FormattedMessage id="admin.wallet.add" />
            </Button>
            <Button type="button" variant="secondary" onClick={() => setAdjusting('debit')} aria-expanded={adjusting === 'debit'}>
              <FormattedMessage id="admin.wallet.deduct" />
            </Button>
          </>
        )}
      </Toolbar>
      {canAdjust && adjusting && (
        <WalletAdjustForm key={adjusting} customerId={customerId} direction={adjusting} onDone={() => setAdjusting(null)} />
      )}
      <Toolbar role="group" aria-label={intl.formatMessage({ id: 'admin.wallet.filter' })}>
        {WALLET_FILTERS.map((f) => (
          <Button
            key={f}
            type="button"
            variant={filter === f ? 'primary' : 'secondary'}
            aria-pressed={filter === f}
            onClick={() => (setFilter(f), setPage(1), setCursors({}))}
          >
            <FormattedMessage id={`admin.wallet.filter.${f}`} />
          </Button>
        ))}
        <span>
          <FormattedMessage id="admin.wallet.count" values={{ count: wallet.totalCount }} />
        </span>
      </Toolbar>
      <History>
        {wallet.transactionsDates.length === 0 && (
          <p>
            <FormattedMessage id="admin.wallet.empty" />
          </p>
        )}
        {wallet.transactionsDates.map((day) => (
          <section key={day.date} aria-label={formatDay(day.date, fmt.locale)}>
            <h4>{formatDay(day.date, fmt.locale)}</h4>
            <ul>
              {day.transactions.map((tx) => (
                <TransactionLine key={tx.transactionId} tx={tx} />
              ))}
            </ul>
          </section>
        ))}
      </History>
      <Pager page={page} pageSize={WALLET_PAGE_SIZE} total={wallet.totalCount} onPage={setPage} />
    </section>
  );
}

function TransactionLine({ tx }: { tx: WalletTxView }) {
  const intl = useIntl();
  const fmt = useSessionFormat();
  const code = useCodeText();
  const session = useAtomValue(sessionAtom);
  const sign = tx.direction === 'in' ? '+' : '−';
  const isSession = tx.reference.type === 'session';
  const reason = Object.prototype.hasOwnProperty.call(intl.messages, `admin.wallet.reason.${tx.reason}`)
    ? code('admin.wallet.reason', tx.reason)
    : tx.reason;
  return (
    <li data-transaction-id={tx.transactionId}>
      <span className={`amount ${tx.direction}`}>
        <bdi>{`${sign}${fmt.money(tx.amount)}`}</bdi>
      </span>
      <span>{code('admin.wallet.kind', tx.kind)}</span>
      <span>{reason}</span>
      <span>{tx.creator.name ?? code('admin.sessions.actor', tx.creator.type)}</span>
      <time dateTime={tx.createdDate}>{fmt.dateTime(tx.createdDate)}</time>
      <span>
        <FormattedMessage id="admin.wallet.balanceAfter" values={{ amount: fmt.money(tx.balanceAfter) }} />
      </span>
      {isSession && hasPrivilege(session, 'sessions.read') && (
        <Link to={paths.admin.sessions} search={{ selected: tx.reference.id } as never}>
          <FormattedMessage id="admin.wallet.openSession" />
        </Link>
      )}
    </li>
  );
}
