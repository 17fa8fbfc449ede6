import { useState, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { BOOKING_RULES, BOOKING_STATUSES, rescheduleBookingSchema, staffCancelBookingSchema } from '@evc/contracts/bookings';
import type { BookingAdminView } from '@evc/contracts/bookings';
import { bookedMinutes, bookingFee, isOpenBooking } from '@evc/contracts/bookings';
import { cairoWallClock } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { useAdminItem, useCommand } from '../../../components/admin/admin-api';
import { FormCard } from '../../../components/admin/admin-ui';
import { AdminList, useAdminList, useBilingual, useListState, type Column, type ListParams } from '../../../components/admin/admin-list';
import { EditorDialog } from '../../../components/admin/form-parts';
import { ProblemAlert } from '../../../components/admin/problems';
import { Chip, type Tone } from '../../../components/admin/chip';
import { useSessionFormat } from '../../../components/admin/session-format';
import { CustomerCell, FilterSelect, StationDateFilters } from '../../../components/admin/list-filters';

/** The read model of bookings: query keys start with it; staff edits read their own writes through it. */
const BOOKINGS = 'bookings';
const FILTERS = ['bookingStatus', 'stationId', 'from', 'to', 'customerId'] as const;
type FilterKey = (typeof FILTERS)[number];
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const TONES: Record<string, Tone> = {
  confirmed: 'active',
  active: 'ok',
  fulfilled: 'ok',
  cancelled: 'idle',
  expired: 'busy',
  failed: 'bad',
};
const open = (b: BookingAdminView) => isOpenBooking(b.status);

const FeeOption = styled.label`
  display: block;
`;

/** A booking's facts: a term and its value per line (each pair's wrapper lays out in the list's grid). */
const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1rem;
  margin: 0;
  > div {
    display: contents;
  }
  dd {
    margin: 0;
  }
`;

function BookingStatusChip({ status }: { status: string }) {
  const intl = useIntl();
  return (
    <Chip tone={TONES[status] ?? 'idle'} data-status={status}>
      {intl.formatMessage({ id: `booking.status.${status}` })}
    </Chip>
  );
}

/** Move the start or change the duration before the slot begins (the revision seen guards it), with a reason. */
function RescheduleDialog({ booking, onClose }: { booking: BookingAdminView; onClose: () => void }) {
  const pushToast = useSetAtom(pushToastAtom);
  const start = cairoWallClock(booking.startsAt);
  const form = useSchemaForm({ date: start.date, time: start.time, durationMinutes: String(booking.durationMinutes), reason: '' });
  const move = useCommand(BOOKINGS, 'bookings.reschedule');
  const submit = () => {
    const body = form.validate(rescheduleBookingSchema, {
      bookingId: booking.bookingId,
      expectedRevision: booking.revision,
      ...form.values,
    });
    if (!body) return;
    move.mutate(body, {
      onSuccess: () => (pushToast({ kind: 'success', text: form.intl.formatMessage({ id: 'admin.bookings.moved' }) }), onClose()),
      onError: form.serverError,
    });
  };
  return (
    <EditorDialog
      titleId="admin.bookings.reschedule"
      busy={move.isPending}
      onSubmit={submit}
      onCancel={onClose}
      problem={move.isError && <ProblemAlert error={move.error} />}
    >
      <Field label={form.intl.formatMessage({ id: 'booking.day' })} error={form.errorText('date')}>
        <input type="date" {...form.bind('date')} />
      </Field>
      <Field
        label={form.intl.formatMessage({ id: 'booking.time' })}
        hint={form.intl.formatMessage({ id: 'booking.timeHint' })}
        error={form.errorText('time')}
      >
        <input {...form.bind('time')} inputMode="numeric" maxLength={5} dir="ltr" />
      </Field>
      <Field label={form.intl.formatMessage({ id: 'booking.duration' })} error={form.errorText('durationMinutes')}>
        <select {...form.bind('durationMinutes')}>
          {BOOKING_RULES.durations.map((d) => (
            <option key={d} value={String(d)}>
              {form.intl.formatMessage({ id: 'booking.minutes' }, { minutes: d })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={form.intl.formatMessage({ id: 'admin.reason' })} error={form.errorText('reason')}>
        <textarea rows={2} maxLength={300} {...form.bind('reason')} />
      </Field>
    </EditorDialog>
  );
}

type FeeChoice = 'none' | 'elapsed' | 'full' | 'other';

/** Cancel with a reason and the fee chosen: none, the minutes so far, the whole duration, or an amount. */
function CancelDialog({ booking, onClose }: { booking: BookingAdminView; onClose: () => void }) {
  const fmt = useSessionFormat();
  const pushToast = useSetAtom(pushToastAtom);
  const [choice, setChoice] = useState<FeeChoice>('none');
  const form = useSchemaForm({ reason: '', feeEgp: '' });
  const cancel = useCommand(BOOKINGS, 'bookings.staff-cancel');
  const elapsed = bookingFee(bookedMinutes(booking.confirmedAt, new Date().toISOString(), booking.durationMinutes), booking.feePerMinute);
  const piastres: Record<Exclude<FeeChoice, 'other'>, number> = { none: 0, elapsed, full: booking.maxFee };
  const submit = () => {
    const feeEgp = choice === 'other' ? form.values.feeEgp : String(piastres[choice] / 100);
    const body = form.validate(staffCancelBookingSchema, { bookingId: booking.bookingId, reason: form.values.reason, feeEgp });
    if (!body) return;
    cancel.mutate(body, {
      onSuccess: (r) => (
        pushToast({ kind: 'success', text: form.intl.formatMessage({ id: 'booking.cancelled' }, { amount: fmt.money(r.fee) }) }),
        onClose()
      ),
      onError: form.serverError,
    });
  };
  const option = (value: FeeChoice, label: ReactNode) => (
    <FeeOption key={value}>
      <input type="radio" name="fee" checked={choice === value} onChange={() => setChoice(value)} /> {label}
    </FeeOption>
  );
  return (
    <EditorDialog
      titleId="admin.bookings.cancel"
      submitId="admin.bookings.cancelSubmit"
      busy={cancel.isPending}
      onSubmit={submit}
      onCancel={onClose}
      problem={cancel.isError && <ProblemAlert error={cancel.error} />}
    >
      <fieldset>
        <legend>
          <FormattedMessage id="admin.bookings.fee" />
        </legend>
        {option('none', <FormattedMessage id="admin.bookings.feeNone" />)}
        {option('elapsed', <FormattedMessage id="admin.bookings.feeElapsed" values={{ amount: fmt.money(elapsed) }} />)}
        {option('full', <FormattedMessage id="admin.bookings.feeFull" values={{ amount: fmt.money(booking.maxFee) }} />)}
        {option('other', <FormattedMessage id="admin.bookings.feeOther" />)}
        {choice === 'other' && (
          <Field label={form.intl.formatMessage({ id: 'admin.bookings.feeAmount' })} error={form.errorText('feeEgp')}>
            <input {...form.bind('feeEgp')} inputMode="decimal" dir="ltr" />
          </Field>
        )}
      </fieldset>
      <Field label={form.intl.formatMessage({ id: 'admin.reason' })} error={form.errorText('reason')}>
        <textarea rows={2} maxLength={300} {...form.bind('reason')} />
      </Field>
    </EditorDialog>
  );
}

/** The selected booking: its terms, the charger's answer, how it ended. */
function BookingDetail({ bookingId }: { bookingId: string }) {
  const fmt = useSessionFormat();
  const intl = useIntl();
  const { name } = useBilingual();
  const item = useAdminItem(BOOKINGS, 'bookings.admin-get', { bookingId });
  if (!item.data) return null;
  const b = item.data;
  const rows: [string, ReactNode][] = [
    ['admin.bookings.station', name(b.stationNameEn, b.stationNameAr)],
    [
      'admin.bookings.connector',
      <bdi dir="ltr" key="c">{`${b.chargerId} · ${b.connectorCode ?? b.connectorId} · ${b.connectorType} ${b.current}`}</bdi>,
    ],
    ['admin.bookings.confirmedAt', fmt.dateTime(b.confirmedAt)],
    ['admin.bookings.noShowAt', fmt.dateTime(b.noShowAt)],
    [
      'admin.bookings.reservation',
      b.reservationStatus
        ? intl.formatMessage({ id: `booking.reservation.${b.reservationStatus}` })
        : intl.formatMessage({ id: 'booking.reservation.notYet' }),
    ],
    [
      'admin.bookings.reservationId',
      <bdi dir="ltr" key="r">
        {b.reservationId}
      </bdi>,
    ],
    [
      'admin.bookings.ended',
      b.endReason ? `${fmt.dateTime(b.endedAt)} · ${intl.formatMessage({ id: `admin.bookings.endReason.${b.endReason}` })}` : '—',
    ],
    ['admin.bookings.cancelReason', b.cancelReason ?? '—'],
    ['admin.bookings.fee', <bdi key="f">{fmt.money(b.fee)}</bdi>],
  ];
  return (
    <FormCard as="section" aria-label={intl.formatMessage({ id: 'admin.bookings.detail' })} data-testid="booking-detail">
      <Details>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>
              <FormattedMessage id={label} />
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Details>
    </FormCard>
  );
}

/**
 * /admin/bookings: the sessions list's screen, editable. Staff with sessions.read read it (filters by status,
 * station, customer and slot date, text search, CSV, the history of the selected booking); bookings.write changes the
 * time or duration before the slot begins and cancels with a reason and a chosen fee.
 */
export function BookingsAdminPage() {
  const intl = useIntl();
  const fmt = useSessionFormat();
  const { name } = useBilingual();
  const { search, update } = useListState();
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'bookings.write');
  const [dialog, setDialog] = useState<{ kind: 'move' | 'cancel'; booking: BookingAdminView } | null>(null);
  const filter = Object.fromEntries(FILTERS.map((k) => [k, text(search[k])])) as Record<FilterKey, string | undefined>;
  const params: ListParams = {
    status: filter.bookingStatus,
    stationId: filter.stationId,
    from: filter.from,
    to: filter.to,
    customerId: filter.customerId,
  };
  const list = useAdminList<BookingAdminView>({ collection: BOOKINGS, operation: 'bookings.admin-list', params, statusFilter: null });
  const set = (key: FilterKey, value: string) => update({ [key]: value || undefined, page: 1 });
  const label = (id: string) => intl.formatMessage({ id });

  const columns: Column<BookingAdminView>[] = [
    {
      key: 'start',
      labelId: 'admin.bookings.start',
      sortKey: 'startsAt',
      render: (r) => <time dateTime={r.startsAt}>{fmt.dateTime(r.startsAt)}</time>,
    },
    { key: 'customer', labelId: 'admin.sessions.customer', render: (r) => <CustomerCell row={r} /> },
    { key: 'station', labelId: 'admin.sessions.station', render: (r) => name(r.stationNameEn, r.stationNameAr) },
    {
      key: 'connector',
      labelId: 'admin.sessions.connectorType',
      render: (r) => <bdi dir="ltr">{`${r.connectorType} · ${r.current}`}</bdi>,
    },
    {
      key: 'duration',
      labelId: 'admin.bookings.duration',
      sortKey: 'durationMinutes',
      render: (r) => intl.formatMessage({ id: 'booking.minutes' }, { minutes: r.durationMinutes }),
    },
    { key: 'status', labelId: 'admin.status', render: (r) => <BookingStatusChip status={r.status} /> },
    { key: 'fee', labelId: 'admin.bookings.fee', sortKey: 'fee', render: (r) => <bdi>{fmt.money(r.fee)}</bdi> },
  ];

  return (
    <AdminList
      titleId="admin.bookings"
      list={list}
      columns={columns}
      rowId={(r) => r.bookingId}
      auditStream={(r) => `booking-${r.bookingId}`}
      csvName="bookings.csv"
      actions={(selected, requireSelection) =>
        canWrite && (
          <>
            <Button
              type="button"
              variant="secondary"
              disabled={selected !== null && selected.status !== 'confirmed'}
              onClick={() => requireSelection() && selected && setDialog({ kind: 'move', booking: selected })}
            >
              <FormattedMessage id="admin.bookings.reschedule" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={selected !== null && !open(selected)}
              onClick={() => requireSelection() && selected && setDialog({ kind: 'cancel', booking: selected })}
            >
              <FormattedMessage id="admin.bookings.cancel" />
            </Button>
          </>
        )
      }
      detail={(row) => <BookingDetail bookingId={row.bookingId} />}
      filters={
        <>
          <FilterSelect
            labelId="admin.bookings.filterStatus"
            allId="admin.all"
            value={filter.bookingStatus}
            options={BOOKING_STATUSES.map((s) => ({ value: s, label: label(`booking.status.${s}`) }))}
            onChange={(v) => set('bookingStatus', v)}
          />
          <StationDateFilters filter={filter} set={set} />
        </>
      }
    >
      {dialog?.kind === 'move' && <RescheduleDialog booking={dialog.booking} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelDialog booking={dialog.booking} onClose={() => setDialog(null)} />}
    </AdminList>
  );
}
