import styled from '@emotion/styled';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';
import { Alert, ErrorText } from './admin-ui';
import { formatCairo } from '../../../lib/cairo-time';

const Panel = styled.section`
  background: #fff;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  padding-block: 0.75rem;
  padding-inline: 1rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  li {
    border-block-start: 1px solid ${theme.color.border};
    padding-block-start: 0.5rem;
  }
  .meta {
    color: ${theme.color.muted};
    font-size: 0.9rem;
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
`;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The history of one item (audit.history): who, when, why, and each field before → after. Needs events.read. */
export function AuditPanel({ streamId }: { streamId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const history = useQuery({
    queryKey: ['audit', streamId],
    queryFn: ({ signal }) => api.query('audit.history', { streamId, page: 1, pageSize: 50 }, { signal }),
  });
  return (
    <Panel aria-labelledby="audit-title">
      <h2 id="audit-title">
        <FormattedMessage id="audit.title" />
      </h2>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <Alert role="alert">
          <ErrorText error={history.error} />
        </Alert>
      ) : history.data.dataList.length === 0 ? (
        <p>
          <FormattedMessage id="admin.empty" />
        </p>
      ) : (
        <ol>
          {history.data.dataList.map((entry) => (
            <li key={entry.eventId}>
              <div>
                <strong>{entry.type}</strong>{' '}
                <span className="meta">
                  <FormattedMessage
                    id="audit.byAt"
                    values={{ actor: entry.actor.name ?? intl.formatMessage({ id: `audit.actor.${entry.actor.type === 'staff' || entry.actor.type === 'customer' ? entry.actor.type : 'system'}` }), time: formatCairo(entry.occurredAt, locale) }}
                  />
                </span>
              </div>
              {entry.reason && (
                <div>
                  <FormattedMessage id="audit.reason" values={{ reason: entry.reason }} />
                </div>
              )}
              {entry.changes.length > 0 && (
                <ul aria-label={intl.formatMessage({ id: 'audit.changes' })}>
                  {entry.changes.map((c) => (
                    <li key={c.field}>
                      {c.masked ? (
                        // Masked as the event explorer masks it: only that it changed, never what it holds.
                        <>
                          <code>{c.field}</code>: <span data-masked={c.masked}>{intl.formatMessage({ id: `events.masked.${c.masked}` })}</span>
                        </>
                      ) : (
                        <>
                          <code>{c.field}</code>: <bdi>{show(c.before)}</bdi> <span className="mirror-rtl" aria-hidden="true">→</span>
                          <span className="visually-hidden">{intl.formatMessage({ id: 'audit.to' })}</span> <bdi>{show(c.after)}</bdi>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
