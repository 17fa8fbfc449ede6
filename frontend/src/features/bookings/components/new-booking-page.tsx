import { useMemo, useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { theme } from '../../../styles/theme';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ConnectorType } from '@evc/contracts/network';
import { BOOKING_RULES, createBookingSchema } from '@evc/contracts/bookings';
import { addDays, cairoWallClock } from '@evc/contracts/shared';
import { maxBookingFee } from '@evc/contracts/bookings';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { CarOptions } from '../../../components/car-options';
import { InsufficientBalance } from '../../../components/insufficient-balance';
import { PageTitle } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { StationMap } from '../../../components/stations/station-map';
import { paths } from '../../../config/paths';
import { formatMoney, formatNumber } from '../../../lib/format';
import { localName } from '../../../lib/station-status';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCars, useCreateBooking, usePricing, useStationToBook, useStationsToBook } from '../api/bookings-api';
import { formatCairoDay } from '../format';
import { Alert, SheetForm } from './booking-parts';

interface Values extends Record<string, unknown> {
  carId: string;
  stationId: string;
  connectorType: string;
  date: string;
  time: string;
  durationMinutes: string;
}

const Page = styled.div`
  display: grid;
  gap: 1.25rem;
`;

/** A fieldset without a frame; its legend reads like a field's label. */
const Group = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.4rem;
  legend {
    font-weight: 700;
  }
`;

const StationGroup = styled(Group)`
  gap: 0.75rem;
`;

const SearchRow = styled.div`
  display: flex;
  gap: 0.75rem;
  flex-wrap: wrap;
  align-items: end;
`;

const Note = styled.p`
  margin: 0;
`;

/** The stations found, scrolling inside their own box. */
const Found = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.4rem;
  max-block-size: 16rem;
  overflow-y: auto;
`;

const FoundStation = styled.li`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  align-items: center;
`;

const Problem = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;

/** Day, time and duration side by side, wrapping on a phone. */
const When = styled.div`
  display: flex;
  gap: 1rem;
  flex-wrap: wrap;
`;

const Fee = styled.div`
  display: grid;
  gap: 0.25rem;
`;

/** What the server refused; a short balance comes with Pay now (the wallet's top-up, composed in by the app) and Add card. */
function Refusal({ code, text, topUp }: { code: string; text: string; topUp?: (onClose: () => void) => ReactNode }) {
  if (code !== 'booking.insufficient_balance' || !topUp) return <Alert role="alert">{text}</Alert>;
  return (
    <Alert role="alert">
      <InsufficientBalance topUp={topUp} />
    </Alert>
  );
}

/** Pick a station by name, on the map, or the nearest to a point of the map (or to where the phone is). */
function StationPicker({ value, onChoose, error }: { value: string; onChoose: (stationId: string) => void; error?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const stations = useStationsToBook(q.trim(), point);
  const list = stations.data?.dataList ?? [];
  const nearest = (p: { lat: number; lng: number }) => setPoint(p);
  const locate = () => navigator.geolocation?.getCurrentPosition((pos) => nearest({ lat: pos.coords.latitude, lng: pos.coords.longitude }));
  return (
    <StationGroup>
      <legend>
        <FormattedMessage id="booking.chooseStation" />
      </legend>
      <SearchRow>
        <Field label={intl.formatMessage({ id: 'booking.searchStation' })}>
          <input type="search" value={q} maxLength={60} onChange={(e) => (setQ(e.target.value), setPoint(null))} />
        </Field>
        <Button type="button" variant="secondary" onClick={locate}>
          <FormattedMessage id="booking.nearMe" />
        </Button>
      </SearchRow>
      <Note>
        <FormattedMessage id={point ? 'booking.nearestTo' : 'booking.mapHint'} />
      </Note>
      <StationMap stations={list} onSelect={onChoose} onPoint={nearest} />
      {stations.isPending && <Spinner />}
      <Found aria-label={intl.formatMessage({ id: 'booking.stations' })}>
        {list.map((s) => (
          <FoundStation key={s.stationId}>
            <span>
              <strong>{localName(s, locale)}</strong> — {locale === 'ar' ? s.governorateNameAr : s.governorateNameEn}
              {s.distanceM !== undefined && (
                <> · {formatNumber(s.distanceM / 1000, locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 })}</>
              )}
            </span>
            <Button
              type="button"
              variant={value === s.stationId ? 'primary' : 'secondary'}
              aria-pressed={value === s.stationId}
              onClick={() => onChoose(s.stationId)}
              aria-label={intl.formatMessage({ id: 'booking.chooseNamed' }, { name: localName(s, locale) })}
            >
              <FormattedMessage id={value === s.stationId ? 'booking.chosen' : 'booking.choose'} />
            </Button>
          </FoundStation>
        ))}
      </Found>
      {error && <Problem role="alert">{error}</Problem>}
    </StationGroup>
  );
}

/**
 * The new booking form: a car, a station (list, map, nearest to a point), a connector type, a start (a Cairo day and
 * HH:MM, Eastern Arabic digits accepted) and a duration, with the fee and the expected cost before confirming. The
 * rules are createBookingSchema's; what only the server can know (a past time by its clock, a slot taken, the
 * balance) comes back as translated errors beside the fields. `topUp` is the wallet's top-up dialog (composed in app/).
 */
export function NewBookingPage({ topUp }: { topUp?: (onClose: () => void) => ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const pushToast = useSetAtom(pushToastAtom);
  const search = useSearch({ strict: false }) as { station?: string };
  const today = useMemo(() => cairoWallClock(Date.now()).date, []);
  const days = useMemo(() => Array.from({ length: BOOKING_RULES.maxDaysAhead + 1 }, (_, i) => addDays(today, i)), [today]);
  const form = useSchemaForm<Values>({
    carId: '',
    stationId: search.station ?? '',
    connectorType: '',
    date: today,
    time: '',
    durationMinutes: '60',
  });
  const [bookingId, setBookingId] = useState(newUuid);
  const [refusal, setRefusal] = useState<{ code: string; text: string } | null>(null);
  const cars = useCars();
  const pricing = usePricing();
  const station = useStationToBook(form.values.stationId || null);
  const create = useCreateBooking();
  const types = station.data?.connectorTypes ?? [];
  const feePerMinute = pricing.data?.bookingFeePerMinute ?? 0;
  const minutes = Number(form.values.durationMinutes) || 0;

  const countOf = (type: ConnectorType) =>
    (station.data?.chargers ?? []).flatMap((c) => c.connectors).filter((k) => k.type === type).length;
  const submit = () => {
    setRefusal(null);
    const body = form.validate(createBookingSchema, { bookingId, ...form.values });
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: intl.formatMessage({ id: 'booking.confirmed' }) });
        void navigate({ to: '/my-bookings/$bookingId', params: { bookingId } });
      },
      onError: (error) => {
        setRefusal(form.serverError(error));
        setBookingId(newUuid()); // a refused booking may be tried again: a new request
      },
    });
  };

  const carList = cars.data?.dataList ?? [];
  return (
    <Page>
      <PageTitle>
        <FormattedMessage id="booking.new" />
      </PageTitle>
      <SheetForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {cars.isSuccess && carList.length === 0 ? (
          <Alert role="alert">
            <FormattedMessage id="charging.car.none" />
            <Link to={paths.registerCarInfo}>
              <FormattedMessage id="charging.car.register" />
            </Link>
          </Alert>
        ) : (
          <Field label={intl.formatMessage({ id: 'booking.car' })} error={form.errorText('carId')}>
            <select {...form.bind('carId')}>
              <CarOptions cars={carList} />
            </select>
          </Field>
        )}
        <StationPicker
          value={form.values.stationId}
          onChoose={(id) => (form.setValue('stationId', id), form.setValue('connectorType', ''))}
          error={form.errorText('stationId')}
        />
        {station.data && (
          <Note data-testid="booking-station">
            <FormattedMessage id="booking.atStation" values={{ station: <strong>{localName(station.data, locale)}</strong> }} />
          </Note>
        )}
        <Group>
          <legend>
            <FormattedMessage id="booking.connectorType" />
          </legend>
          {types.length === 0 && (
            <Note>
              <FormattedMessage id="booking.stationFirst" />
            </Note>
          )}
          {types.map((t) => (
            <label key={t}>
              <input
                type="radio"
                name="connectorType"
                value={t}
                checked={form.values.connectorType === t}
                onChange={() => form.setValue('connectorType', t)}
              />{' '}
              <FormattedMessage id="booking.typeOption" values={{ type: t, count: countOf(t) }} />
            </label>
          ))}
          {form.errorText('connectorType') && <Problem role="alert">{form.errorText('connectorType')}</Problem>}
        </Group>
        <When>
          <Field label={intl.formatMessage({ id: 'booking.day' })} error={form.errorText('date')}>
            <select {...form.bind('date')}>
              {days.map((d, i) => (
                <option key={d} value={d}>
                  {i === 0
                    ? intl.formatMessage({ id: 'booking.today' })
                    : i === 1
                      ? intl.formatMessage({ id: 'booking.tomorrow' })
                      : formatCairoDay(d, locale)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={intl.formatMessage({ id: 'booking.time' })}
            hint={intl.formatMessage({ id: 'booking.timeHint' })}
            error={form.errorText('time')}
          >
            <input {...form.bind('time')} inputMode="numeric" autoComplete="off" maxLength={5} placeholder="18:30" dir="ltr" />
          </Field>
          <Field label={intl.formatMessage({ id: 'booking.duration' })} error={form.errorText('durationMinutes')}>
            <select {...form.bind('durationMinutes')}>
              {BOOKING_RULES.durations.map((d) => (
                <option key={d} value={String(d)}>
                  {intl.formatMessage({ id: 'booking.minutes' }, { minutes: d })}
                </option>
              ))}
            </select>
          </Field>
        </When>
        {pricing.data && (
          <Fee data-testid="booking-fee">
            <strong>
              <FormattedMessage id="booking.feeLine" values={{ fee: formatMoney(feePerMinute, locale) }} />
            </strong>
            <span>
              <FormattedMessage
                id="booking.expectedLine"
                values={{ amount: formatMoney(maxBookingFee(minutes, feePerMinute), locale), minutes }}
              />
            </span>
            <small>
              <FormattedMessage id="booking.feeRule" values={{ grace: BOOKING_RULES.graceMinutes }} />
            </small>
          </Fee>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            <FormattedMessage id="booking.confirm" />
          </Button>
        </div>
      </SheetForm>
      {/* outside the form: the top-up dialog is a form of its own */}
      {refusal && <Refusal {...refusal} topUp={topUp} />}
    </Page>
  );
}
