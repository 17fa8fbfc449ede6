import styled from '@emotion/styled';
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Paged } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { theme } from '../../../styles/theme';
import { Alert, ErrorText, Pager, Table, Toolbar } from '../../../components/admin/admin-ui';

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
  .params {
    display: block;
    font-size: 0.85rem;
    color: ${theme.color.muted};
  }
  .error {
    color: ${theme.color.danger};
  }
`;

/** One page of a charger's list (newest first), kept on screen while the next loads, asked again every `poll`. */
export function usePolledPage<T>(
  key: readonly unknown[],
  fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<T>>,
  poll: number | ((data: Paged<T> | undefined) => number | false),
) {
  const [page, setPage] = useState(1);
  const query = useQuery<Paged<T>>({
    queryKey: [...key, page],
    placeholderData: keepPreviousData,
    refetchInterval: typeof poll === 'number' ? poll : (q) => poll(q.state.data),
    queryFn: ({ signal }) => fetchPage(page, signal),
  });
  return { page, setPage, query };
}

/**
 * The shell of a per-charger panel: title, Refresh and Close, the "updating" status, then a spinner, the error,
 * the empty text or the table (`columns` are message ids, `children` renders the rows), and the pager.
 */
export function ChargerPanel<T>(props: {
  titleId: string;
  title: ReactNode;
  closeId: string;
  emptyId: string;
  columns: readonly string[];
  list: ReturnType<typeof usePolledPage<T>>;
  pageSize: number;
  onClose: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  const intl = useIntl();
  const { titleId, list, pageSize } = props;
  const query: UseQueryResult<Paged<T>> = list.query;
  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <Toolbar>
        <Button type="button" variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          <FormattedMessage id="messageLog.refresh" />
        </Button>
        <Button type="button" variant="secondary" onClick={props.onClose}>
          <FormattedMessage id={props.closeId} />
        </Button>
        <span className="spacer" />
        <span role="status">{query.isFetching ? intl.formatMessage({ id: 'messageLog.updating' }) : ''}</span>
      </Toolbar>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert role="alert">
          <ErrorText error={query.error} />
        </Alert>
      ) : query.data.dataList.length === 0 ? (
        <p>
          <FormattedMessage id={props.emptyId} />
        </p>
      ) : (
        <Table aria-labelledby={titleId}>
          <thead>
            <tr>
              {props.columns.map((id) => (
                <th key={id} scope="col">
                  <FormattedMessage id={id} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{props.children(query.data.dataList)}</tbody>
        </Table>
      )}
      <Pager page={list.page} pageSize={pageSize} total={query.data?.totalCount ?? 0} onPage={list.setPage} />
    </Panel>
  );
}
