import { Link, useParams } from '@tanstack/react-router';
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { buttonStyles } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useCurrentBooking, useMyBooking } from '../api/bookings-api';
import type { BookingView } from '@evc/contracts/bookings';
import { BookingCard } from './booking-card';
import { Alert } from './booking-parts';
import { BookingsPanel } from './bookings-panel';

/** One column as wide as the screen allows: a booking's map never widens the page on a phone. */
const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
`;

const NoCurrent = styled.p`
  margin: 0;
  display: flex;
  gap: 1rem;
  align-items: center;
  flex-wrap: wrap;
`;

const ListHeading = styled.h2`
  margin: 0;
`;

/** /my-bookings: the current booking (countdown, station, cancel) or a way to book, then the list and history. */
export function BookingsPage() {
  const current = useCurrentBooking();
  return (
    <Page>
      <PageTitle>
        <FormattedMessage id="page.bookings" />
      </PageTitle>
      {current.isPending ? (
        <Spinner />
      ) : current.booking ? (
        <BookingCard booking={current.booking} />
      ) : (
        <NoCurrent>
          <FormattedMessage id="booking.noCurrent" />
          <Link to={paths.customer.newBooking} css={buttonStyles('primary')}>
            <FormattedMessage id="booking.new" />
          </Link>
        </NoCurrent>
      )}
      <ListHeading>
        <FormattedMessage id="booking.list" />
      </ListHeading>
      <BookingsPanel />
    </Page>
  );
}

/** /my-bookings/$bookingId: one booking, open or ended (someone else's answers like a missing one). */
/** A receipt exists once the fee was charged, or (a fulfilled booking) once its session is billed: that receipt holds the fee. */
const hasReceipt = (b: BookingView) => b.sessionId !== null || (b.endedAt !== null && b.fee > 0 && b.charged);

export function BookingPage() {
  const intl = useIntl();
  const { bookingId } = useParams({ strict: false }) as { bookingId: string };
  const booking = useMyBooking(bookingId);
  return (
    <Page>
      <PageTitle>
        <FormattedMessage id="booking.title" />
      </PageTitle>
      {booking.isPending ? (
        <Spinner />
      ) : booking.isError ? (
        <Alert role="alert">
          {translateErrorCode(intl, booking.error instanceof ApiRequestError ? booking.error.code : 'server.error')}
        </Alert>
      ) : (
        <>
          <BookingCard booking={booking.data} headingId="booking.title" />
          {hasReceipt(booking.data) && (
            <Link to={paths.customer.bookingReceipt} params={{ bookingId }} data-testid="booking-receipt-link">
              <FormattedMessage id="receipt.open" />
            </Link>
          )}
        </>
      )}
      <Link to={paths.customer.bookings}>
        <FormattedMessage id="booking.back" />
      </Link>
    </Page>
  );
}
