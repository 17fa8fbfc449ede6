import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../ui/button';
import { Card } from '../ui/layout';
import { Spinner } from '../ui/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { translateErrorCode } from '../../lib/i18n/translate-error';
import { theme } from '../../styles/theme';

export const Screen = styled.div`
  padding: 1.25rem;
  /* a grid item may shrink below its content's width: wide content scrolls in its own box */
  min-inline-size: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  align-content: start;
  h1 {
    margin: 0;
    font-size: 1.6rem;
    color: ${theme.color.primaryDark};
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  input[type='search'] {
    font: inherit;
    padding-block: 0.5rem;
    padding-inline: 0.75rem;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    min-inline-size: 14rem;
  }
  .spacer {
    flex: 1;
  }
`;

/** A wide table scrolls sideways inside its own box (a phone, many columns), never the whole page. */
export const TableScroll = styled.div`
  max-inline-size: 100%;
  overflow-x: auto;
`;

export const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  background: #fff;
  th,
  td {
    text-align: start;
    padding-block: 0.55rem;
    padding-inline: 0.75rem;
    border-block-end: 1px solid ${theme.color.border};
    vertical-align: top;
  }
  td {
    /* a long e-mail or id breaks inside its cell rather than pushing the table past the screen's edge */
    overflow-wrap: anywhere;
  }
  tbody tr {
    cursor: pointer;
  }
  tbody tr:hover {
    background: #f8fafc;
  }
  tbody tr[aria-selected='true'] {
    background: ${theme.color.primaryLight};
  }
  tbody tr:focus-visible {
    outline: 2px solid ${theme.color.primary};
    outline-offset: -2px;
  }
  button.sort {
    background: none;
    border: 0;
    padding: 0;
    font: inherit;
    font-weight: 700;
    color: inherit;
    cursor: pointer;
  }
`;

export const FormCard = styled(Card)`
  display: grid;
  gap: 1rem;
  form {
    display: grid;
    gap: 1rem;
  }
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  fieldset {
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
    display: grid;
    gap: 0.35rem;
  }
  legend {
    font-weight: 700;
  }
  .checks label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
`;

/** Terms and their values in two columns (a record's details: a session, a customer). */
export const DetailList = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  dd {
    margin: 0;
  }
`;

export const Alert = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;

export const Status = styled.span<{ ok: boolean }>`
  display: inline-block;
  border-radius: 999px;
  padding-inline: 0.6rem;
  font-size: 0.85rem;
  background: ${(p) => (p.ok ? theme.color.primaryLight : theme.color.dangerLight)};
  color: ${(p) => (p.ok ? theme.color.primaryDark : theme.color.danger)};
`;

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Toolbar>
      <Button type="button" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="common.previous" />
      </Button>
      <span>
        <FormattedMessage id="common.pageOf" values={{ page, pages }} />
      </span>
      <Button type="button" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="common.next" />
      </Button>
    </Toolbar>
  );
}

/** A failed query's error code in the current language. */
export function ErrorText({ error }: { error: unknown }) {
  const intl = useIntl();
  return <>{translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error')}</>;
}

/** A query that has not answered yet: the spinner while it loads, its error in words once it failed. */
export function QueryWait({ query }: { query: { isPending: boolean; error: unknown } }) {
  return query.isPending ? (
    <Spinner />
  ) : (
    <Alert role="alert">
      <ErrorText error={query.error} />
    </Alert>
  );
}
