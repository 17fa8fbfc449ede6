import styled from '@emotion/styled';
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Paged } from '@evc/contracts/api';
import type { OcppMessageView } from '@evc/contracts/network/ocpp';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { apiGet } from '../../../lib/api-client';
import { theme } from '../../../styles/theme';
import { useLocale } from '../../i18n/hooks/use-locale';
import { endpoints } from '../api/admin-endpoints';
import { Alert, ErrorText, Pager, Table, Toolbar } from './admin-ui';
import { formatExactTime, formatRelativeTime, useNow } from './charger-live';

/** Frames per page of the message log, and how often the open log asks for new frames. */
export const MESSAGE_LOG_PAGE_SIZE = 25;
export const MESSAGE_LOG_POLL_MS = 5_000;

const Panel = styled.section`
  background: #fff;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  display: grid;
  gap: 0.75rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  tbody tr {
    cursor: default;
  }
  pre {
    margin: 0;
    margin-block-start: 0.35rem;
    padding: 0.5rem;
    background: #f1f5f9;
    border-radius: ${theme.radius.sm};
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8rem;
    max-block-size: 20rem;
    overflow: auto;
    white-space: pre;
    text-align: left;
  }
  summary {
    cursor: pointer;
  }
  .dir {
    white-space: nowrap;
  }
  .error {
    color: ${theme.color.danger};
  }
`;

const KINDS = ['call', 'result', 'error', 'connection'] as const;

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
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['ocpp-messages', chargerId, page],
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGE_LOG_POLL_MS,
    queryFn: ({ signal }) => apiGet<Paged<OcppMessageView>>(endpoints.ocppMessages, { chargerId, page, pageSize: MESSAGE_LOG_PAGE_SIZE }, signal),
  });
  const titleId = `message-log-${chargerId}`;
  const kindText = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? intl.formatMessage({ id: `messageLog.kind.${kind}` }) : kind);

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id="messageLog.title" values={{ chargerId }} />
      </h2>
      <Toolbar>
        <Button type="button" variant="secondary" disabled={log.isFetching} onClick={() => void log.refetch()}>
          <FormattedMessage id="messageLog.refresh" />
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          <FormattedMessage id="messageLog.close" />
        </Button>
        <span className="spacer" />
        <span role="status">{log.isFetching ? intl.formatMessage({ id: 'messageLog.updating' }) : ''}</span>
      </Toolbar>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <Alert role="alert">
          <ErrorText error={log.error} />
        </Alert>
      ) : log.data.dataList.length === 0 ? (
        <p>
          <FormattedMessage id="messageLog.empty" />
        </p>
      ) : (
        <Table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="messageLog.time" /></th>
              <th scope="col"><FormattedMessage id="messageLog.direction" /></th>
              <th scope="col"><FormattedMessage id="messageLog.type" /></th>
              <th scope="col"><FormattedMessage id="messageLog.action" /></th>
              <th scope="col"><FormattedMessage id="messageLog.payload" /></th>
              <th scope="col"><FormattedMessage id="messageLog.error" /></th>
            </tr>
          </thead>
          <tbody>
            {log.data.dataList.map((f) => (
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
            ))}
          </tbody>
        </Table>
      )}
      <Pager page={page} pageSize={MESSAGE_LOG_PAGE_SIZE} total={log.data?.totalCount ?? 0} onPage={setPage} />
    </Panel>
  );
}
