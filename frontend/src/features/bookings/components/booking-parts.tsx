import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BookingView } from '@evc/contracts/bookings';
import { isOpenBooking, type BookingStatus } from '@evc/contracts/bookings';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';
import { formatSlot } from '../format';

/** Light background, dark text (contrast ≥ 4.5:1); the text always names the status. */
const TONE: Record<BookingStatus, { bg: string; fg: string }> = {
  confirmed: { bg: '#dbeafe', fg: '#1e40af' },
  active: { bg: '#dcfce7', fg: '#166534' },
  fulfilled: { bg: theme.color.primaryLight, fg: theme.color.primaryDark },
  cancelled: { bg: '#e2e8f0', fg: '#334155' },
  expired: { bg: '#fef3c7', fg: '#92400e' },
  failed: { bg: theme.color.dangerLight, fg: theme.color.danger },
};

const Badge = styled.span<{ tone: { bg: string; fg: string } }>`
  display: inline-block;
  padding-block: 0.1rem;
  padding-inline: 0.55rem;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${(p) => p.tone.fg};
  background: ${(p) => p.tone.bg};
`;

/** A booking's status in words, on its colour. */
export const BookingStatusBadge = ({ status }: { status: BookingStatus }) => (
  <Badge tone={TONE[status]} data-status={status}>
    <FormattedMessage id={`booking.status.${status}`} />
  </Badge>
);

const sheet = css`
  display: grid;
  /* one column as wide as the screen allows: a map or a row of actions never widens the page on a phone */
  grid-template-columns: minmax(0, 1fr);
  min-inline-size: 0;
  gap: 0.9rem;
  padding: 1.25rem;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
`;
/** A booking's panel, and the same look for the booking form. */
export const Sheet = styled.section(sheet);
export const SheetForm = styled.form(sheet);

export const Terms = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 0.35rem 1.25rem;
  dt {
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

export const Alert = styled.div`
  display: grid;
  gap: 0.5rem;
  padding-block: 0.7rem;
  padding-inline: 1rem;
  border-inline-start: 4px solid ${theme.color.danger};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.dangerLight};
`;

/** The station in the UI language. */
export const stationName = (b: Pick<BookingView, 'stationNameEn' | 'stationNameAr'>, locale: 'en' | 'ar') =>
  locale === 'ar' ? b.stationNameAr || b.stationNameEn : b.stationNameEn;

/** "EVC-004-A1-1 · Type2 · AC", the connector as printed on the charger. */
export const connectorLabel = (b: Pick<BookingView, 'connectorCode' | 'connectorId' | 'connectorType' | 'current'>) =>
  `${b.connectorCode ?? b.connectorId} · ${b.connectorType} · ${b.current}`;

/** The charger's answer to holding the connector, in words (nothing before the slot began). */
export function useReservationText() {
  const intl = useIntl();
  return (b: Pick<BookingView, 'reservationStatus'>) =>
    b.reservationStatus
      ? intl.formatMessage({ id: `booking.reservation.${b.reservationStatus}` })
      : intl.formatMessage({ id: 'booking.reservation.notYet' });
}

/** What a booking cost, or what it may cost while open. */
export function CostText({ booking }: { booking: BookingView }) {
  const locale = useLocale();
  const open = isOpenBooking(booking.status);
  if (open) return <FormattedMessage id="booking.costUpTo" values={{ amount: formatMoney(booking.maxFee, locale) }} />;
  return <>{formatMoney(booking.fee, locale)}</>;
}

/** The slot, Cairo time. */
export function SlotText({ booking }: { booking: Pick<BookingView, 'startsAt' | 'endsAt'> }) {
  const locale = useLocale();
  return <time dateTime={booking.startsAt}>{formatSlot(booking.startsAt, booking.endsAt, locale)}</time>;
}
