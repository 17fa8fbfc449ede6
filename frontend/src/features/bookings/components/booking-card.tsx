import { useId, useState } from 'react';
import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BookingView } from '@evc/contracts/bookings';
import { bookedMinutes, bookingFee, isOpenBooking } from '@evc/contracts/bookings';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StationMap } from '../../../components/stations/station-map';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { useLocale } from '../../../hooks/use-locale';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCancelBooking, useStationToBook } from '../api/bookings-api';
import { directionsUrl, formatClock, formatCountdown } from '../format';
import { useNow } from '../../../hooks/use-now';
import {
  Alert,
  BookingStatusBadge,
  CostText,
  Sheet,
  SlotText,
  Terms,
  connectorLabel,
  stationName,
  useReservationText,
} from './booking-parts';

const Clock = styled.p`
  margin: 0;
  font-size: 1.4rem;
`;

const Note = styled.p`
  margin: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

/** The live countdown: to the start before it, to the end of the slot while it runs. */
function Countdown({ booking }: { booking: BookingView }) {
  const locale = useLocale();
  const now = useNow(1000);
  const before = now < Date.parse(booking.startsAt);
  const target = before ? booking.startsAt : booking.endsAt;
  return (
    <Clock aria-live="off">
      <FormattedMessage
        id={before ? 'booking.startsIn' : 'booking.remaining'}
        values={{
          time: (
            <strong data-testid="booking-countdown" dir="ltr">
              {formatCountdown(Date.parse(target) - now, locale)}
            </strong>
          ),
        }}
      />
    </Clock>
  );
}

/** Cancel with the fee so far shown first (the server measures it again on its own clock). */
function CancelBooking({ booking }: { booking: BookingView }) {
  const intl = useIntl();
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const cancel = useCancelBooking();
  const [asking, setAsking] = useState(false);
  const now = useNow(5000);
  const estimate = bookingFee(
    bookedMinutes(booking.confirmedAt, new Date(now).toISOString(), booking.durationMinutes),
    booking.feePerMinute,
  );
  // Awaited rather than an onSuccess of mutate: the refreshed booking (ended) unmounts this button before that would run.
  const confirm = () =>
    void cancel.mutateAsync({ bookingId: booking.bookingId }).then(
      (r) => {
        setAsking(false);
        pushToast({ kind: 'success', text: intl.formatMessage({ id: 'booking.cancelled' }, { amount: formatMoney(r.fee, locale) }) });
      },
      () => undefined, // shown in the dialog (cancel.isError)
    );
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => (cancel.reset(), setAsking(true))}>
        <FormattedMessage id="booking.cancel" />
      </Button>
      {asking && (
        <ConfirmDialog
          title={<FormattedMessage id="booking.cancelQuestion" />}
          confirm={<FormattedMessage id="booking.cancelConfirm" />}
          busy={cancel.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>
            <FormattedMessage
              id="booking.cancelFee"
              values={{
                amount: formatMoney(estimate, locale),
                minutes: bookedMinutes(booking.confirmedAt, new Date(now).toISOString(), booking.durationMinutes),
              }}
            />
          </p>
          {cancel.isError && (
            <Alert role="alert">
              {translateErrorCode(intl, cancel.error instanceof ApiRequestError ? cancel.error.code : 'server.error')}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** A booking: status, slot, countdown while open, station and connector with the map and directions, cancel. */
export function BookingCard({ booking, headingId = 'booking.current' }: { booking: BookingView; headingId?: string }) {
  const locale = useLocale();
  const titleId = useId();
  const reservation = useReservationText();
  const station = useStationToBook(booking.location ? booking.stationId : null);
  const open = isOpenBooking(booking.status);
  return (
    <Sheet aria-labelledby={titleId} data-testid="booking-card">
      <h2 id={titleId}>
        <FormattedMessage id={headingId} /> <BookingStatusBadge status={booking.status} />
      </h2>
      {open && <Countdown booking={booking} />}
      <Terms>
        <dt>
          <FormattedMessage id="booking.station" />
        </dt>
        <dd>{stationName(booking, locale)}</dd>
        <dt>
          <FormattedMessage id="booking.connector" />
        </dt>
        <dd>
          <bdi dir="ltr">{connectorLabel(booking)}</bdi>
        </dd>
        <dt>
          <FormattedMessage id="booking.slot" />
        </dt>
        <dd>
          <SlotText booking={booking} />
        </dd>
        <dt>
          <FormattedMessage id="booking.car" />
        </dt>
        <dd>{(locale === 'ar' ? booking.carLabelAr : booking.carLabel) ?? '—'}</dd>
        {/* the charger's live answer matters only while the booking is open; an ended booking holds nothing */}
        {open && (
          <dt>
            <FormattedMessage id="booking.charger" />
          </dt>
        )}
        {open && <dd data-testid="booking-reservation">{reservation(booking)}</dd>}
        <dt>
          <FormattedMessage id={open ? 'booking.expectedCost' : 'booking.cost'} />
        </dt>
        <dd data-testid="booking-cost">
          <CostText booking={booking} />
        </dd>
      </Terms>
      {open && (
        <Note>
          <FormattedMessage id="booking.startBy" values={{ time: formatClock(booking.noShowAt, locale) }} />
        </Note>
      )}
      {booking.status === 'failed' && (
        <Alert role="status">
          <FormattedMessage id="booking.failedNote" />
        </Alert>
      )}
      {booking.endReason && !open && (
        <Note>
          <FormattedMessage
            id={`booking.ended.${booking.endReason}`}
            values={{ amount: formatMoney(booking.fee, locale), minutes: booking.minutes, reason: booking.cancelReason ?? '' }}
          />
        </Note>
      )}
      <Actions>
        {booking.status === 'active' && (
          <Link
            to={paths.customer.startCharging}
            search={{ station: booking.stationId, charger: booking.chargerId, connector: booking.connectorId }}
          >
            <FormattedMessage id="booking.startCharging" />
          </Link>
        )}
        {booking.location && (
          <a href={directionsUrl(booking.location)} target="_blank" rel="noopener noreferrer">
            <FormattedMessage id="booking.directions" />
          </a>
        )}
        {booking.sessionId && (
          <Link to="/my-sessions/$sessionId" params={{ sessionId: booking.sessionId }}>
            <FormattedMessage id="booking.viewSession" />
          </Link>
        )}
        {open && <CancelBooking booking={booking} />}
      </Actions>
      {open && station.data && <StationMap stations={[station.data]} onSelect={() => undefined} />}
    </Sheet>
  );
}
