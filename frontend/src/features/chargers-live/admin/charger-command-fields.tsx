import { useQueries, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { IntlShape } from 'react-intl';
import type { ChargerAdminView } from '@evc/contracts/network';
import type { ChargerCommandAction } from '@evc/contracts/chargers-live';
import { Field } from '../../../components/ui/field';
import { api } from '../../../lib/api';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { SESSIONS } from '../../../components/admin/session-format';
import { fromCairoInput, toCairoInput } from '../../../lib/cairo-time';

/** The command form's values, as typed (strings); requestOf in charger-commands.tsx turns them into a request. */
export interface CommandValues extends Record<string, unknown> {
  type: string;
  connectorId: string;
  requestedMessage: string;
  keys: string;
  key: string;
  value: string;
  idTag: string;
  transactionId: string;
  reservationId: string;
  /** datetime-local in Cairo time (labelled so); sent as ISO-8601 UTC. */
  expiryDate: string;
}

/** How long a reservation lasts unless the operator changes it. */
const DEFAULT_RESERVATION_MS = 30 * 60_000;

/** A datetime-local value (Cairo time) as ISO-8601 UTC; the raw text when it is not a date (the schema then refuses it). */
export const isoOf = (local: string): string => fromCairoInput(local) ?? local;

/** The starting values of the remote start/stop and reservation fields. */
export const sessionCommandDefaults = (action: ChargerCommandAction) => ({
  idTag: '',
  transactionId: '',
  // a fresh id the operator can cancel with later (seconds since 2024, fits OCPP's 32-bit integer for decades)
  reservationId: action === 'ReserveNow' ? String(Math.floor((Date.now() - Date.UTC(2024, 0, 1)) / 1000)) : '',
  expiryDate: toCairoInput(Date.now() + DEFAULT_RESERVATION_MS),
});

interface FormLike {
  bind: (key: 'idTag' | 'transactionId' | 'reservationId' | 'expiryDate') => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
  };
  setValue: (key: 'transactionId', value: string) => void;
  errorText: (key: string) => string | undefined;
  intl: IntlShape;
}

/** idTag of a remote start or reservation (upper-case letters, digits and '-', 4-20). */
export function IdTagField({ form }: { form: FormLike }) {
  const label = (id: string) => form.intl.formatMessage({ id });
  return (
    <Field label={label('command.idTag')} hint={label('command.idTagHint')} error={form.errorText('idTag')}>
      <input dir="ltr" autoComplete="off" maxLength={20} {...form.bind('idTag')} />
    </Field>
  );
}

export function ReservationFields({ form, withExpiry }: { form: FormLike; withExpiry: boolean }) {
  const label = (id: string) => form.intl.formatMessage({ id });
  return (
    <>
      <Field label={label('command.reservationId')} error={form.errorText('reservationId')}>
        <input dir="ltr" inputMode="numeric" autoComplete="off" maxLength={10} {...form.bind('reservationId')} />
      </Field>
      {withExpiry && (
        <Field label={label('command.expiryDate')} error={form.errorText('expiryDate')} hint={label('time.cairoInput')}>
          <input type="datetime-local" dir="ltr" {...form.bind('expiryDate')} />
        </Field>
      )}
    </>
  );
}

/**
 * Remote stop: the transaction id, typed or picked from the charger's running sessions (sessions.admin-list with
 * status=charging; each one's detail holds its transaction id). Without sessions.read only the text field shows.
 */
export function TransactionField({ form, charger }: { form: FormLike; charger: ChargerAdminView }) {
  const canRead = hasPrivilege(useAtomValue(sessionAtom), 'sessions.read');
  const label = (id: string) => form.intl.formatMessage({ id });
  const running = useQuery({
    queryKey: [SESSIONS, 'running', charger.chargerId],
    enabled: canRead,
    queryFn: ({ signal }) =>
      api.query('sessions.admin-list', { chargerId: charger.chargerId, status: 'charging', pageSize: 20 }, { signal }),
  });
  const details = useQueries({
    queries: (running.data?.dataList ?? []).map((s) => ({
      queryKey: [SESSIONS, 'item', s.sessionId],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.query('sessions.admin-get', { sessionId: s.sessionId }, { signal }),
    })),
  });
  const options = details.flatMap((d) => (d.data?.transactionId ? [d.data] : []));
  return (
    <>
      {options.length > 0 && (
        <Field label={label('command.runningSession')}>
          <select value={form.bind('transactionId').value} onChange={(e) => form.setValue('transactionId', e.target.value)}>
            <option value="">{label('command.pickSession')}</option>
            {options.map((s) => (
              <option key={s.sessionId} value={s.transactionId ?? ''}>
                {form.intl.formatMessage(
                  { id: 'command.sessionOption' },
                  { n: s.connectorId, customer: s.customerName ?? '—', transactionId: s.transactionId ?? '' },
                )}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label={label('command.transactionId')} error={form.errorText('transactionId')}>
        <input dir="ltr" autoComplete="off" maxLength={36} {...form.bind('transactionId')} />
      </Field>
    </>
  );
}
