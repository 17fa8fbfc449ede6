import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Paged } from '@evc/contracts/shared';
import type { ChargerAdminView } from '@evc/contracts/network';
import {
  CHARGER_COMMAND_STATUSES,
  chargerCommandRequestSchema,
  sendChargerCommandSchema,
  type ChargerCommandRequest,
  type ChargerCommandAction,
  type ChargerCommandStatus,
} from '@evc/contracts/chargers-live';
import { normalizeDigits } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { api, type OutputOf } from '../../../lib/api';
import { newUuid } from '../../../lib/uuid';
import { useLocale } from '../../../hooks/use-locale';
import { pushToastAtom } from '../../../stores/toast-state';
import { CancelButton } from '../../../components/admin/form-parts';
import { positionOf, useCommand } from '../../../components/admin/admin-api';
import { Alert, FormCard, Toolbar } from '../../../components/admin/admin-ui';
import { ChargerPanel, usePolledPage } from './charger-panel';
import {
  IdTagField,
  isoOf,
  ReservationFields,
  sessionCommandDefaults,
  TransactionField,
  type CommandValues,
} from './charger-command-fields';
import { Chip, type Tone } from '../../../components/admin/chip';
import { formatExactTime, formatRelativeTime, useNow } from './charger-live';

/** The read model of sent commands (its query keys start with it, so /api/live and a sent command reload them). */
export const OCPP_COMMANDS = 'ocpp_commands';
export const COMMANDS_PAGE_SIZE = 25;
/** How often the open Commands panel asks again while a command is still pending. */
export const COMMANDS_POLL_MS = 2_000;

/** Every command a charger takes, in the contract's order (the order of the buttons). */
export const COMMAND_ACTIONS: readonly ChargerCommandAction[] = chargerCommandRequestSchema.options.map((o) => o.shape.action.value);
type Option<A extends ChargerCommandAction, K extends string> = Extract<ChargerCommandRequest, { action: A }>[K &
  keyof Extract<ChargerCommandRequest, { action: A }>];
const RESET_TYPES = ['Soft', 'Hard'] as const satisfies readonly Option<'Reset', 'type'>[];
const AVAILABILITY_TYPES = ['Operative', 'Inoperative'] as const satisfies readonly Option<'ChangeAvailability', 'type'>[];
/** The messages offered (MeterValues is accepted too, but not offered). */
const TRIGGER_MESSAGES = ['BootNotification', 'Heartbeat', 'StatusNotification'] as const satisfies readonly Option<
  'TriggerMessage',
  'requestedMessage'
>[];

const STATUS_TONES: Record<ChargerCommandStatus, Tone> = {
  pending: 'busy',
  accepted: 'ok',
  rejected: 'bad',
  not_supported: 'idle',
  offline: 'idle',
  timeout: 'bad',
  error: 'bad',
};

/** The status of a command as a chip: colour plus the status in words. */
export function CommandStatusChip({ status }: { status: string }) {
  const intl = useIntl();
  const known = (CHARGER_COMMAND_STATUSES as readonly string[]).includes(status) ? (status as ChargerCommandStatus) : null;
  return (
    <Chip tone={known ? STATUS_TONES[known] : 'idle'} data-status={status}>
      {known ? intl.formatMessage({ id: `command.status.${known}` }) : status}
    </Chip>
  );
}

/** An action's name in the current language: staff's actions and those other contexts send (charging profiles). */
const actionLabel = (intl: ReturnType<typeof useIntl>, action: string) =>
  Object.prototype.hasOwnProperty.call(intl.messages, `command.action.${action}`)
    ? intl.formatMessage({ id: `command.action.${action}` })
    : action;

/**
 * Why a command was sent, in the current language where it starts with a cause smart charging names
 * (`session-started: …`); the full text as written stays in the element's title.
 */
function reasonText(intl: ReturnType<typeof useIntl>, reason: string): string {
  const id = `command.cause.${/^[a-z-]+/.exec(reason)?.[0] ?? ''}`;
  return Object.prototype.hasOwnProperty.call(intl.messages, id) ? intl.formatMessage({ id }) : reason;
}

/** The command buttons of a charger row (COMMAND_ACTIONS). */
export function CommandButtons({
  chargerId,
  open,
  onPick,
}: {
  chargerId: string;
  open: ChargerCommandAction | null;
  onPick: (action: ChargerCommandAction) => void;
}) {
  const intl = useIntl();
  return (
    <Toolbar role="group" aria-label={intl.formatMessage({ id: 'command.groupOf' }, { chargerId })}>
      {COMMAND_ACTIONS.map((action) => (
        <Button
          key={action}
          type="button"
          variant="secondary"
          aria-expanded={open === action}
          aria-label={intl.formatMessage({ id: 'command.actionOf' }, { action: actionLabel(intl, action), chargerId })}
          onClick={() => onPick(action)}
        >
          {actionLabel(intl, action)}
        </Button>
      ))}
    </Toolbar>
  );
}

const connectorNumber = (v: string): number | undefined => (v === '' ? undefined : Number(v));
/** A typed integer (Eastern Arabic digits accepted); the text itself when it is not one, so the schema refuses it. */
const integerOf = (v: string): number | string => {
  const t = normalizeDigits(v.trim());
  return /^\d+$/.test(t) ? Number(t) : t;
};
const keyList = (v: string): string[] | undefined => {
  const keys = v
    .split(/[\n,،]/)
    .map((k) => k.trim())
    .filter(Boolean);
  return keys.length ? keys : undefined;
};

/** The request of one action from the form's values (the shared schema validates it). */
function requestOf(action: ChargerCommandAction, v: CommandValues): Record<string, unknown> {
  switch (action) {
    case 'Reset':
      return { action, type: v.type };
    case 'UnlockConnector':
      return { action, connectorId: connectorNumber(v.connectorId) };
    case 'ChangeAvailability':
      return { action, connectorId: connectorNumber(v.connectorId), type: v.type };
    case 'TriggerMessage':
      return { action, requestedMessage: v.requestedMessage, connectorId: connectorNumber(v.connectorId) };
    case 'GetConfiguration':
      return { action, keys: keyList(v.keys) };
    case 'ChangeConfiguration':
      return { action, key: v.key.trim(), value: v.value };
    case 'RemoteStartTransaction':
      return { action, connectorId: connectorNumber(v.connectorId), idTag: v.idTag.trim().toUpperCase() };
    case 'RemoteStopTransaction':
      return { action, transactionId: v.transactionId.trim() };
    case 'ReserveNow':
      return {
        action,
        connectorId: connectorNumber(v.connectorId),
        idTag: v.idTag.trim().toUpperCase(),
        reservationId: integerOf(v.reservationId),
        expiryDate: isoOf(v.expiryDate),
      };
    case 'CancelReservation':
      return { action, reservationId: integerOf(v.reservationId) };
  }
}

const initialValues = (action: ChargerCommandAction, charger: ChargerAdminView): CommandValues => ({
  type: action === 'ChangeAvailability' ? 'Operative' : 'Soft',
  connectorId: CONNECTOR_FIRST.includes(action)
    ? String(charger.connectors[0]?.connectorId ?? '')
    : action === 'ChangeAvailability'
      ? '0'
      : '',
  requestedMessage: 'BootNotification',
  keys: '',
  key: '',
  value: '',
  ...sessionCommandDefaults(action),
});
/** Actions on one connector: the form starts on the charger's first. */
const CONNECTOR_FIRST: readonly ChargerCommandAction[] = ['UnlockConnector', 'RemoteStartTransaction', 'ReserveNow'];

/**
 * The form of one command to one charger. Each submit gets a new command id (crypto.randomUUID); the request sent
 * (and any retry of it by the API client) carries that id, so the server runs it once.
 */
export function CommandForm({
  charger,
  action,
  onDone,
  onSent,
}: {
  charger: ChargerAdminView;
  action: ChargerCommandAction;
  onDone: () => void;
  onSent: () => void;
}) {
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm<CommandValues>(() => initialValues(action, charger));
  const [problem, setProblem] = useState<string | null>(null);
  const send = useCommand(OCPP_COMMANDS, 'chargers.send-command');
  const intl = form.intl;
  const label = (id: string) => intl.formatMessage({ id });
  const chargerId = charger.chargerId;
  const title = intl.formatMessage({ id: 'command.formTitle' }, { action: actionLabel(intl, action), chargerId });
  const connectorOption = (k: ChargerAdminView['connectors'][number]) => (
    <option key={k.connectorId} value={String(k.connectorId)}>
      {intl.formatMessage({ id: 'command.connectorOption' }, { n: k.connectorId, code: k.code })}
    </option>
  );

  const submit = () => {
    if (send.isPending) return;
    setProblem(null);
    const valid = form.validate(sendChargerCommandSchema, { ...requestOf(action, form.values), chargerId, commandId: newUuid() });
    if (!valid) return;
    send.mutate(valid, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: intl.formatMessage({ id: 'command.sent' }, { action: actionLabel(intl, action), chargerId }) });
        onSent();
      },
      onError: (error) => {
        const { text } = form.serverError(error);
        setProblem(text);
        pushToast({ kind: 'error', text });
      },
    });
  };

  return (
    <FormCard>
      <h2>{title}</h2>
      <form noValidate aria-label={title} onSubmit={(e) => (e.preventDefault(), submit())}>
        {action === 'Reset' && (
          <Field label={label('command.resetType')} error={form.errorText('type')}>
            <select {...form.bind('type')}>
              {RESET_TYPES.map((t) => (
                <option key={t} value={t}>
                  {label(`command.reset.${t}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {(action === 'UnlockConnector' || action === 'RemoteStartTransaction' || action === 'ReserveNow') && (
          <Field label={label('command.connector')} error={form.errorText('connectorId')}>
            <select {...form.bind('connectorId')}>{charger.connectors.map(connectorOption)}</select>
          </Field>
        )}
        {action === 'ChangeAvailability' && (
          <>
            <Field label={label('command.target')} error={form.errorText('connectorId')}>
              <select {...form.bind('connectorId')}>
                <option value="0">{label('command.wholeCharger')}</option>
                {charger.connectors.map(connectorOption)}
              </select>
            </Field>
            <Field label={label('command.availability')} error={form.errorText('type')}>
              <select {...form.bind('type')}>
                {AVAILABILITY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {label(`command.availability.${t}`)}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {action === 'TriggerMessage' && (
          <>
            <Field label={label('command.requestedMessage')} error={form.errorText('requestedMessage')}>
              <select dir="ltr" {...form.bind('requestedMessage')}>
                {TRIGGER_MESSAGES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={label('command.connectorOptional')} error={form.errorText('connectorId')}>
              <select {...form.bind('connectorId')}>
                <option value="">{label('command.noConnector')}</option>
                {charger.connectors.map(connectorOption)}
              </select>
            </Field>
          </>
        )}
        {action === 'GetConfiguration' && (
          <Field label={label('command.keys')} hint={label('command.keysHint')} error={form.errorText('keys')}>
            <textarea dir="ltr" rows={3} {...form.bind('keys')} />
          </Field>
        )}
        {action === 'ChangeConfiguration' && (
          <>
            <Field label={label('command.key')} error={form.errorText('key')}>
              <input dir="ltr" autoComplete="off" maxLength={100} {...form.bind('key')} />
            </Field>
            <Field label={label('command.value')} error={form.errorText('value')}>
              <input dir="ltr" autoComplete="off" maxLength={500} {...form.bind('value')} />
            </Field>
          </>
        )}
        {(action === 'RemoteStartTransaction' || action === 'ReserveNow') && <IdTagField form={form} />}
        {action === 'RemoteStopTransaction' && <TransactionField form={form} charger={charger} />}
        {(action === 'ReserveNow' || action === 'CancelReservation') && (
          <ReservationFields form={form} withExpiry={action === 'ReserveNow'} />
        )}
        {form.errors._form && <Alert role="alert">{form.errorText('_form')}</Alert>}
        {problem && <Alert role="alert">{problem}</Alert>}
        <Toolbar>
          <Button type="submit" disabled={send.isPending}>
            <FormattedMessage id="command.send" />
          </Button>
          <CancelButton onClick={onDone} />
        </Toolbar>
      </form>
    </FormCard>
  );
}

function pretty(payload: unknown): string {
  try {
    return JSON.stringify(payload, null, 2) ?? String(payload);
  } catch {
    return String(payload);
  }
}

const paramsText = (request: Record<string, unknown>) =>
  Object.entries(request)
    .filter(([k, v]) => k !== 'action' && v !== undefined)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join(' · ');

const COLUMNS = ['command.requestedAt', 'command.actionColumn', 'command.status', 'command.requestedBy', 'command.response'];

/** A row of ocpp.commands as its schema gives it. */
type CommandRow = OutputOf<'ocpp.commands'>['dataList'][number];
const anyPending = (page: Paged<CommandRow> | undefined) => page?.dataList.some((c) => c.status === 'pending') ?? false;

/**
 * The commands sent to a charger (ocpp.commands, newest first): when, the action, its status, who asked and the
 * charger's answer (pretty JSON, left to right). Asks again every 2 s while a command is pending and the panel is open.
 */
export function CommandsPanel({ chargerId, onClose }: { chargerId: string; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const now = useNow(COMMANDS_POLL_MS);
  const list = usePolledPage<CommandRow>(
    [OCPP_COMMANDS, chargerId],
    (page, signal) =>
      api.query('ocpp.commands', { chargerId, page, pageSize: COMMANDS_PAGE_SIZE }, { signal, position: positionOf(OCPP_COMMANDS) }),
    (data) => (anyPending(data) ? COMMANDS_POLL_MS : false),
  );

  return (
    <ChargerPanel
      titleId={`commands-${chargerId}`}
      title={<FormattedMessage id="command.panelTitle" values={{ chargerId }} />}
      closeId="command.closePanel"
      emptyId="command.empty"
      columns={COLUMNS}
      list={list}
      pageSize={COMMANDS_PAGE_SIZE}
      onClose={onClose}
    >
      {(rows) =>
        rows.map((c) => {
          const params = paramsText(c.request);
          return (
            <tr key={c.commandId} data-command-id={c.commandId}>
              <td>
                <time dateTime={c.requestedAt} title={formatRelativeTime(c.requestedAt, now, locale)}>
                  {formatExactTime(c.requestedAt, locale)}
                </time>
              </td>
              <td>
                {actionLabel(intl, c.action)}
                {params && (
                  <span className="params" dir="ltr">
                    {params}
                  </span>
                )}
              </td>
              <td>
                <CommandStatusChip status={c.status} />
              </td>
              <td>
                {c.requestedBy.name ?? c.requestedBy.id}
                {c.reason && (
                  <span className="params" data-testid="command-reason" title={c.reason}>
                    {reasonText(intl, c.reason)}
                  </span>
                )}
              </td>
              <td>
                {c.error && (
                  <span className="error" dir="ltr">
                    {c.error}
                  </span>
                )}
                {c.response !== undefined && c.response !== null && (
                  <details>
                    <summary>
                      <FormattedMessage id="command.showResponse" />
                    </summary>
                    <pre dir="ltr">
                      <code>{pretty(c.response)}</code>
                    </pre>
                  </details>
                )}
              </td>
            </tr>
          );
        })
      }
    </ChargerPanel>
  );
}
