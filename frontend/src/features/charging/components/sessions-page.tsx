import { useEffect, useState } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { buttonStyles } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { Pager } from '../../../components/ui/pager';
import { SESSIONS_PAGE_SIZE, useMySessions } from '../api/charging-api';
import { formatDateTime, formatKwh } from '../format';
import { Chip, Lines, Row, Stack } from './charging-ui';
import { statusTone } from './session-status';

const Details = styled(Row)`
  font-size: 0.9rem;
`;

/** /my-sessions: the customer's sessions, newest first (the server's order), with status, station, kWh and cost. */
export function SessionsPage({ embedded = false }: { embedded?: boolean } = {}) {
  const intl = useIntl();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  // Where each page reached so far starts: the next page follows the last session shown, not an offset.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const sessions = useMySessions(page, cursors[page]);
  const nextCursor = sessions.data?.nextCursor;
  useEffect(() => {
    if (nextCursor) setCursors((known) => (known[page + 1] === nextCursor ? known : { ...known, [page + 1]: nextCursor }));
  }, [page, nextCursor]);
  return (
    <Stack>
      {!embedded && (
        <PageTitle>
          <FormattedMessage id="page.sessions" />
        </PageTitle>
      )}
      <Row>
        <Link to={paths.customer.startCharging} css={buttonStyles('primary')}>
          <FormattedMessage id="charging.start.title" />
        </Link>
      </Row>
      {sessions.isPending && <Spinner />}
      {sessions.isError && (
        <p role="alert">{translateErrorCode(intl, sessions.error instanceof ApiRequestError ? sessions.error.code : 'server.error')}</p>
      )}
      {sessions.isSuccess && sessions.data.dataList.length === 0 && (
        <p>
          <FormattedMessage id="charging.sessions.empty" />
        </p>
      )}
      {sessions.isSuccess && sessions.data.dataList.length > 0 && (
        <Lines>
          {sessions.data.dataList.map((s) => (
            <li key={s.sessionId} data-testid="session-line">
              <Row spread>
                <Link to="/my-sessions/$sessionId" params={{ sessionId: s.sessionId }}>
                  {locale === 'ar' ? s.stationNameAr || s.stationNameEn : s.stationNameEn}
                </Link>
                <Chip tone={statusTone(s.status)}>
                  <FormattedMessage id={`charging.status.${s.status}`} />
                </Chip>
              </Row>
              <Details>
                <span>{formatDateTime(s.requestedAt, locale)}</span>
                <span>
                  <FormattedMessage id="charging.kwh" values={{ value: formatKwh(s.energyWh, locale) }} />
                </span>
                <span>{formatMoney(s.cost, locale)}</span>
                <span>{s.connectorType}</span>
                {s.billed && (
                  <Link to={paths.customer.sessionReceipt} params={{ sessionId: s.sessionId }}>
                    <FormattedMessage id="receipt.open" />
                  </Link>
                )}
              </Details>
            </li>
          ))}
        </Lines>
      )}
      {sessions.isSuccess && sessions.data.totalCount > SESSIONS_PAGE_SIZE && (
        <Pager page={page} pages={Math.ceil(sessions.data.totalCount / SESSIONS_PAGE_SIZE)} onPage={setPage} />
      )}
    </Stack>
  );
}
