import { FormattedMessage, useIntl } from 'react-intl';
import { ocppFrameSchema, type OcppMessageView } from '@evc/contracts/chargers-live';
import { api } from '../../../lib/api';
import { useLocale } from '../../../hooks/use-locale';
import { ChargerPanel, usePolledPage } from './charger-panel';
import { formatExactTime, formatRelativeTime, useNow } from './charger-live';

/** Frames per page of the message log, and how often the open log asks for new frames. */
export const MESSAGE_LOG_PAGE_SIZE = 25;
export const MESSAGE_LOG_POLL_MS = 5_000;

const COLUMNS = [
  'messageLog.time',
  'messageLog.direction',
  'messageLog.type',
  'messageLog.action',
  'messageLog.payload',
  'messageLog.error',
];

function pretty(payload: unknown): string {
  if (payload === undefined) return '';
  try {
    return JSON.stringify(payload, null, 2) ?? String(payload);
  } catch {
    return String(payload);
  }
}

/**
 * A charger's OCPP message log (ocpp.messages, newest first): time, direction, message type, action, the payload
 * (collapsed, pretty-printed, always left to right) and the error. Paged; asks again every 5 s while open.
 */
export function MessageLog({ chargerId, onClose }: { chargerId: string; onClose: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const now = useNow(MESSAGE_LOG_POLL_MS);
  const log = usePolledPage<OcppMessageView>(
    ['ocpp-messages', chargerId],
    (page, signal) => api.query('ocpp.messages', { chargerId, page, pageSize: MESSAGE_LOG_PAGE_SIZE }, { signal }),
    MESSAGE_LOG_POLL_MS,
  );
  const kindText = (kind: string) =>
    (ocppFrameSchema.shape.kind.options as readonly string[]).includes(kind) ? intl.formatMessage({ id: `messageLog.kind.${kind}` }) : kind;

  return (
    <ChargerPanel
      titleId={`message-log-${chargerId}`}
      title={<FormattedMessage id="messageLog.title" values={{ chargerId }} />}
      closeId="messageLog.close"
      emptyId="messageLog.empty"
      columns={COLUMNS}
      list={log}
      pageSize={MESSAGE_LOG_PAGE_SIZE}
      onClose={onClose}
    >
      {(rows) =>
        rows.map((f) => (
          <tr key={f.frameId} data-direction={f.direction}>
            <td>
              <time dateTime={f.at} title={formatRelativeTime(f.at, now, locale)}>
                {formatExactTime(f.at, locale)}
              </time>
            </td>
            <td className="dir">
              <span className="mirror-rtl" aria-hidden="true">
                {f.direction === 'in' ? '←' : '→'}
              </span>{' '}
              <FormattedMessage id={f.direction === 'in' ? 'messageLog.in' : 'messageLog.out'} />
            </td>
            <td>{kindText(f.kind)}</td>
            <td dir="ltr">{f.action}</td>
            <td>
              {f.payload !== undefined && f.payload !== null && (
                <details>
                  <summary>
                    <FormattedMessage id="messageLog.showPayload" />
                  </summary>
                  <pre dir="ltr">
                    <code>{pretty(f.payload)}</code>
                  </pre>
                </details>
              )}
            </td>
            <td className="error" dir={f.error ? 'ltr' : undefined}>
              {f.error ?? ''}
            </td>
          </tr>
        ))
      }
    </ChargerPanel>
  );
}
