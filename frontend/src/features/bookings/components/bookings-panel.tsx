import { useState } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MyBookingsQuery } from '@evc/contracts/bookings';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';
import { BOOKINGS_PAGE_SIZE, useMyBookings } from '../api/bookings-api';
import { BookingStatusBadge, CostText, SlotText, connectorLabel, stationName } from './booking-parts';

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: start;
    padding-block: 0.45rem;
    padding-inline: 0.5rem;
    border-block-end: 1px solid ${theme.color.border};
    vertical-align: top;
  }
  td {
    /* a connector code or a date breaks inside its cell rather than widening the page on a phone */
    overflow-wrap: anywhere;
  }
`;

/** The list scrolls sideways inside its own box when the table is wider than a phone. */
const Panel = styled.section`
  display: grid;
  gap: 0.75rem;
  overflow-x: auto;
`;

const Filter = styled.div`
  display: flex;
  gap: 1rem;
`;

/**
 * The customer's bookings with cost and status, newest first: every booking, or the history (ended ones). Exported
 * for the profile's bookings tab; /my-bookings shows it under the current booking.
 */
export function BookingsPanel({ initial = 'all' }: { initial?: MyBookingsQuery['status'] }) {
  const intl = useIntl();
  const locale = useLocale();
  const [status, setStatus] = useState<MyBookingsQuery['status']>(initial);
  const [page, setPage] = useState(1);
  const list = useMyBookings(status, page);
  const rows = list.data?.dataList ?? [];
  const title = intl.formatMessage({ id: 'booking.list' });
  return (
    <Panel aria-label={title}>
      <Filter role="group" aria-label={intl.formatMessage({ id: 'booking.filter' })}>
        {(['all', 'history'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name="booking-list" checked={status === s} onChange={() => (setStatus(s), setPage(1))} />{' '}
            <FormattedMessage id={`booking.filter.${s}`} />
          </label>
        ))}
      </Filter>
      {list.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>
          <FormattedMessage id="booking.none" />
        </p>
      ) : (
        <Table aria-label={title}>
          <thead>
            <tr>
              <th>
                <FormattedMessage id="booking.slot" />
              </th>
              <th>
                <FormattedMessage id="booking.station" />
              </th>
              <th>
                <FormattedMessage id="booking.connector" />
              </th>
              <th>
                <FormattedMessage id="booking.status" />
              </th>
              <th>
                <FormattedMessage id="booking.cost" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.bookingId} data-testid="booking-row">
                <td>
                  <Link to="/my-bookings/$bookingId" params={{ bookingId: b.bookingId }}>
                    <SlotText booking={b} />
                  </Link>
                </td>
                <td>{stationName(b, locale)}</td>
                <td>
                  <bdi dir="ltr">{connectorLabel(b)}</bdi>
                </td>
                <td>
                  <BookingStatusBadge status={b.status} />
                </td>
                <td>
                  <CostText booking={b} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager page={page} pages={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / BOOKINGS_PAGE_SIZE))} onPage={setPage} />
    </Panel>
  );
}
