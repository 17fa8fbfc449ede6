import styled from '@emotion/styled';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { reasonSchema } from '@evc/contracts/identity/schemas';
import { toFieldErrors } from '@evc/contracts/errors';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Card } from '../../../components/ui/layout';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { ApiRequestError } from '../../../lib/api-client';
import { translateErrorCode } from '../../i18n/translate-error';
import { theme } from '../../../styles/theme';

export const Screen = styled.div`
  padding: 1.25rem;
  display: grid;
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

/** Search box, applied on submit (so each keystroke does not query). */
export function SearchBox({ onSearch }: { onSearch: (q: string) => void }) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim());
      }}
    >
      <input type="search" value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} aria-label={intl.formatMessage({ id: 'admin.search' })} placeholder={intl.formatMessage({ id: 'admin.search' })} />
    </form>
  );
}

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

/** A reason (3-300 characters), required to deactivate, ban and unban. */
export function ReasonForm({ titleId, submitId, busy, onSubmit, onCancel, children }: { titleId: string; submitId: string; busy: boolean; onSubmit: (reason: string) => void; onCancel: () => void; children?: ReactNode }) {
  const form = useSchemaForm({ reason: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reasonSchema.safeParse(form.values.reason);
    if (!parsed.success) {
      const first = toFieldErrors(parsed.error)[0];
      form.setErrors({ reason: { code: 'reason_required', ...first, path: 'reason' } });
      return;
    }
    onSubmit(parsed.data);
  };
  return (
    <FormCard>
      <h2>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
      <form noValidate onSubmit={submit}>
        <Field label={form.intl.formatMessage({ id: 'admin.reason' })} error={form.errorText('reason')}>
          <textarea rows={3} maxLength={300} {...form.bind('reason')} />
        </Field>
        <Toolbar>
          <Button type="submit" disabled={busy}>
            <FormattedMessage id={submitId} />
          </Button>
          <Button type="button" variant="secondary" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Toolbar>
      </form>
    </FormCard>
  );
}

/** A failed query's error code in the current language. */
export function ErrorText({ error }: { error: unknown }) {
  const intl = useIntl();
  return <>{translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error')}</>;
}
