import { useCallback, useState } from 'react';
import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { WALLET_FILTERS, type WalletTxView } from '@evc/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { Card, PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useWallet, type WalletFilter } from '../api/wallet-api';
import { dayLabel } from '../../../lib/format-day';
import { formatCairo } from '../../../lib/cairo-time';
import { txAnchor } from '../../../lib/wallet-line';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { Chip, DayHeading, Lines, Row, Stack } from '../../../components/ui/status-parts';
import { TopUpDialog } from './top-up-dialog';
import { ProvenanceDialog } from '../../../components/provenance/provenance-dialog';
import { mergeDayGroups, signedMoney } from './wallet-lines';

const has = (intl: IntlShape, id: string) => Object.prototype.hasOwnProperty.call(intl.messages, id);

/** A line's reason: a stable code translated (`session`, `top_up`…), else the staff member's own words. */
export function reasonText(intl: IntlShape, tx: WalletTxView): string {
  const id = `wallet.reason.${tx.reason}`;
  if (has(intl, id)) return intl.formatMessage({ id });
  return tx.reason.trim() || intl.formatMessage({ id: `wallet.kind.${tx.kind}` });
}

function creatorText(intl: IntlShape, tx: WalletTxView): string {
  if (tx.creator.name) return tx.creator.name;
  const id = `wallet.creator.${tx.creator.type}`;
  return has(intl, id) ? intl.formatMessage({ id }) : tx.creator.type;
}

/** The amount: green coming in, red going out. */
const Amount = styled.strong<{ incoming: boolean }>`
  color: ${(p) => (p.incoming ? theme.color.accentDark : theme.color.danger)};
`;

const Details = styled(Row)`
  font-size: 0.9rem;
`;

const Balance = styled.strong`
  font-size: 1.75rem;
`;

function TxLine({ tx }: { tx: WalletTxView }) {
  const intl = useIntl();
  const locale = useLocale();
  const [explaining, setExplaining] = useState(false);
  return (
    <li id={txAnchor(tx.transactionId)} data-testid="wallet-line">
      <Row spread>
        <Amount dir="ltr" incoming={tx.direction === 'in'} aria-label={intl.formatMessage({ id: `wallet.direction.${tx.direction}` })}>
          {signedMoney(tx.amount, tx.direction, locale)}
        </Amount>
        <span>{formatCairo(tx.createdDate, locale, 'time')}</span>
      </Row>
      <div>{reasonText(intl, tx)}</div>
      <Details>
        <span>
          <FormattedMessage id="wallet.createdBy" values={{ name: creatorText(intl, tx) }} />
        </span>
        {tx.reference.type === 'session' && (
          <Link to="/my-sessions/$sessionId" params={{ sessionId: tx.reference.id }}>
            <FormattedMessage id="wallet.viewSession" />
          </Link>
        )}
        {tx.reference.type === 'booking' && (
          <Link to="/my-bookings/$bookingId" params={{ bookingId: tx.reference.id }}>
            <FormattedMessage id="wallet.viewBooking" />
          </Link>
        )}
        {tx.reference.type === 'payment' && (
          <span>
            <FormattedMessage id="wallet.paymentRef" values={{ ref: tx.reference.id.slice(0, 8) }} />
          </span>
        )}
        <Button type="button" variant="ghost" onClick={() => setExplaining(true)}>
          <FormattedMessage id="provenance.open" />
        </Button>
      </Details>
      {explaining && (
        <ProvenanceDialog subject={{ kind: 'wallet-line', transactionId: tx.transactionId }} onClose={() => setExplaining(false)} />
      )}
    </li>
  );
}

/** /wallet: balance, top-up, and the history by day with All / Incoming / Outgoing and load more. */
export function WalletPage({ embedded = false }: { embedded?: boolean } = {}) {
  const intl = useIntl();
  const locale = useLocale();
  const search = useSearch({ strict: false }) as { payment?: string };
  const navigate = useNavigate();
  const [filter, setFilter] = useState<WalletFilter>('all');
  const [paying, setPaying] = useState(false);
  const wallet = useWallet(filter);
  const dropPayment = useCallback(() => void navigate({ to: paths.customer.wallet, search: {}, replace: true }), [navigate]);
  const { checking } = usePaymentReturn(search.payment, dropPayment);

  const first = wallet.data?.pages[0];
  const groups = wallet.data ? mergeDayGroups(wallet.data.pages) : [];
  const today = intl.formatMessage({ id: 'wallet.today' });
  return (
    <Stack>
      {!embedded && (
        <PageTitle>
          <FormattedMessage id="page.wallet" />
        </PageTitle>
      )}
      {checking && (
        <p role="status">
          <Spinner /> <FormattedMessage id="wallet.payment.checking" />
        </p>
      )}
      <Card>
        <Row spread>
          <div>
            <div>
              <FormattedMessage id="wallet.balance" />
            </div>
            <Balance data-testid="wallet-balance">{first ? formatMoney(first.balance, locale) : '…'}</Balance>
          </div>
          <Button type="button" onClick={() => setPaying(true)}>
            <FormattedMessage id="wallet.topUp.open" />
          </Button>
        </Row>
      </Card>
      <Row role="group" aria-label={intl.formatMessage({ id: 'wallet.filter' })}>
        {WALLET_FILTERS.map((f) => (
          <Button
            key={f}
            type="button"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            <FormattedMessage id={`wallet.filter.${f}`} />
          </Button>
        ))}
        {first && (
          <Chip tone="info" data-testid="wallet-count">
            <FormattedMessage id="wallet.count" values={{ count: first.totalCount, countText: formatNumber(first.totalCount, locale) }} />
          </Chip>
        )}
      </Row>
      {wallet.isPending && <Spinner />}
      {wallet.isError && (
        <p role="alert">{translateErrorCode(intl, wallet.error instanceof ApiRequestError ? wallet.error.code : 'server.error')}</p>
      )}
      {wallet.isSuccess && groups.length === 0 && (
        <p>
          <FormattedMessage id="wallet.empty" />
        </p>
      )}
      {groups.map((g) => (
        <section key={g.date} aria-label={dayLabel(g.date, locale, today)}>
          <DayHeading>{dayLabel(g.date, locale, today)}</DayHeading>
          <Lines>
            {g.transactions.map((tx) => (
              <TxLine key={tx.transactionId} tx={tx} />
            ))}
          </Lines>
        </section>
      ))}
      {wallet.hasNextPage && (
        <Button type="button" variant="secondary" disabled={wallet.isFetchingNextPage} onClick={() => void wallet.fetchNextPage()}>
          <FormattedMessage id="wallet.loadMore" />
        </Button>
      )}
      {paying && <TopUpDialog onClose={() => setPaying(false)} />}
    </Stack>
  );
}
