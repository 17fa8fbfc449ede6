import styled from '@emotion/styled';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@evc/contracts/audit';
import { FormattedMessage, useIntl } from 'react-intl';
import { Spinner } from '../ui/spinner';
import { api } from '../../lib/api';
import { useLocale } from '../../hooks/use-locale';
import { theme } from '../../styles/theme';
import { Alert, ErrorText } from './admin-ui';
import { formatCairo } from '../../lib/cairo-time';
import { actorText, auditDetails, auditSentence, reasonText } from './audit-sentence';

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

/**
 * The history of one item (audit.history): each event as a sentence in the page's language, who, when (Cairo time),
 * why, and the fields a person needs before → after (audit-sentence.ts). Needs events.read.
 */
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
                <strong data-event-type={entry.type}>{auditSentence(intl, locale, entry)}</strong>{' '}
                <span className="meta">
                  <FormattedMessage
                    id="audit.byAt"
                    values={{ actor: entry.actor.name ?? actorText(intl, entry.actor.type), time: formatCairo(entry.occurredAt, locale) }}
                  />
                </span>
              </div>
              {entry.reason && (
                <div>
                  <FormattedMessage id="audit.reason" values={{ reason: reasonText(intl, entry.reason) }} />
                </div>
              )}
              <Details entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The changed fields a person needs, each with its translated label (none for a creation or an internal field). */
function Details({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const locale = useLocale();
  const details = auditDetails(intl, locale, entry);
  if (details.length === 0) return null;
  return (
    <ul aria-label={intl.formatMessage({ id: 'audit.changes' })}>
      {details.map((d) => (
        <li key={d.label}>
          {d.masked ? (
            <>
              {d.label}: <span data-masked="true">{d.masked}</span>
            </>
          ) : (
            <>
              {d.label}: <bdi>{d.before}</bdi>{' '}
              <span className="mirror-rtl" aria-hidden="true">
                →
              </span>
              <span className="visually-hidden">{intl.formatMessage({ id: 'audit.to' })}</span> <bdi>{d.after}</bdi>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
