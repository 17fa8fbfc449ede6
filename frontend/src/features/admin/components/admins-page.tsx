import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import type { AdminView, RoleView } from '@evc/contracts/identity/views';
import { createAdminSchema, updateAdminSchema } from '@evc/contracts/identity/schemas';
import { LIMITS } from '@evc/contracts/constants';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { endpoints } from '../../../lib/endpoints';
import { newUuid } from '../../../lib/uuid';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../auth/auth-state';
import { useLocale } from '../../i18n/hooks/use-locale';
import { translateErrorCode } from '../../i18n/translate-error';
import { pushToastAtom } from '../../toasts/toast-state';
import { useCommand, usePagedList } from '../api/admin-api';
import { Alert, ErrorText, FormCard, Pager, ReasonForm, Screen, SearchBox, Status, Table, Toolbar } from './admin-ui';

const PAGE_SIZE = 20;
type Mode = 'none' | 'create' | 'edit' | 'toggle';

/** /admin/admins: staff list with search and paging; select a row, then edit or (de)activate. */
export function AdminsPage() {
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'admins.write');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('none');
  const [prompt, setPrompt] = useState(false);
  const list = usePagedList<AdminView>('admins', endpoints.admins.list, { q: q || undefined, page, pageSize: PAGE_SIZE });
  const rows = list.data?.dataList ?? [];
  const selected = rows.find((r) => r.adminId === selectedId) ?? null;

  const needSelection = (next: Mode) => {
    if (!selected) {
      setPrompt(true);
      return;
    }
    setPrompt(false);
    setMode(next);
  };

  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.admins" />
      </h1>
      <Toolbar>
        <SearchBox
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <span className="spacer" />
        {canWrite && (
          <>
            <Button type="button" onClick={() => (setPrompt(false), setMode('create'))}>
              <FormattedMessage id="admins.create" />
            </Button>
            <Button type="button" variant="secondary" onClick={() => needSelection('edit')}>
              <FormattedMessage id="common.edit" />
            </Button>
            <Button type="button" variant="secondary" onClick={() => needSelection('toggle')}>
              <FormattedMessage id={selected && !selected.isActive ? 'admins.activate' : 'admins.deactivate'} />
            </Button>
          </>
        )}
      </Toolbar>
      {prompt && (
        <Alert role="alert">
          <FormattedMessage id="admin.selectRow" />
        </Alert>
      )}
      {mode === 'create' && <AdminForm onDone={() => setMode('none')} />}
      {mode === 'edit' && selected && <AdminForm key={selected.adminId} admin={selected} onDone={() => setMode('none')} />}
      {mode === 'toggle' && selected && <ToggleActive key={selected.adminId} admin={selected} onDone={() => setMode('none')} />}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert role="alert">
          <ErrorText error={list.error} />
        </Alert>
      ) : (
        <Table>
          <thead>
            <tr>
              <th><FormattedMessage id="auth.name" /></th>
              <th><FormattedMessage id="auth.email" /></th>
              <th><FormattedMessage id="admin.roles" /></th>
              <th><FormattedMessage id="admin.status" /></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.adminId}
                aria-selected={r.adminId === selectedId}
                tabIndex={0}
                onClick={() => (setSelectedId(r.adminId), setPrompt(false))}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), setSelectedId(r.adminId))}
              >
                <td>{`${r.firstName} ${r.lastName}`}</td>
                <td dir="ltr">{r.email}</td>
                <td>{r.roleNames.join('، ')}</td>
                <td>
                  <Status ok={r.isActive}>
                    <FormattedMessage id={r.isActive ? 'admin.active' : 'admin.inactive'} />
                  </Status>
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4}>
                  <FormattedMessage id="admin.empty" />
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={list.data?.totalCount ?? 0} onPage={setPage} />
    </Screen>
  );
}

/** The roles to choose from (needs roles.read; otherwise none are listed). */
export function useRoleOptions() {
  const session = useAtomValue(sessionAtom);
  const roles = usePagedList<RoleView>('roles', endpoints.roles.list, { page: 1, pageSize: 100 }, hasPrivilege(session, 'roles.read'));
  return roles.data?.dataList ?? [];
}

function AdminForm({ admin, onDone }: { admin?: AdminView; onDone: () => void }) {
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const roles = useRoleOptions();
  const form = useSchemaForm({ firstName: admin?.firstName ?? '', lastName: admin?.lastName ?? '', email: admin?.email ?? '', password: '' });
  const [roleIds, setRoleIds] = useState<string[]>(admin?.roleIds ?? []);
  const [adminId] = useState(() => admin?.adminId ?? newUuid());
  const create = useCommand<unknown>('admins', endpoints.admins.create);
  const update = useCommand<unknown>('admins', endpoints.admins.update);
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = admin
      ? form.validate(updateAdminSchema, { adminId, firstName: form.values.firstName, lastName: form.values.lastName, roleIds, expectedRevision: admin.revision })
      : form.validate(createAdminSchema, { adminId, ...form.values, roleIds });
    if (!body) return;
    (admin ? update : create).mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: label('admins.saved') });
        onDone();
      },
      onError: (error) => {
        const { code, text } = form.serverError(error);
        if (code === 'identity.email_exists') form.setErrors((x) => ({ ...x, email: { path: 'email', code: 'email_exists' } }));
        pushToast({ kind: 'error', text });
      },
    });
  };

  const busy = create.isPending || update.isPending;
  const emailError = form.errors.email?.code === 'email_exists' ? label('error.identity.email_exists') : form.errorText('email');
  return (
    <FormCard>
      <h2>
        <FormattedMessage id={admin ? 'admins.editTitle' : 'admins.createTitle'} />
      </h2>
      <form noValidate onSubmit={onSubmit}>
        <Field label={label('auth.firstName')} error={form.errorText('firstName')}>
          <input {...form.bind('firstName')} maxLength={LIMITS.firstLastNameMax} />
        </Field>
        <Field label={label('auth.lastName')} error={form.errorText('lastName')}>
          <input {...form.bind('lastName')} maxLength={LIMITS.firstLastNameMax} />
        </Field>
        {!admin && (
          <Field label={label('auth.email')} error={emailError}>
            <input type="email" dir="ltr" autoComplete="off" {...form.bind('email')} maxLength={LIMITS.emailMax} />
          </Field>
        )}
        <fieldset className="checks">
          <legend>
            <FormattedMessage id="admin.roles" />
          </legend>
          {roles.map((r) => (
            <label key={r.roleId}>
              <input
                type="checkbox"
                checked={roleIds.includes(r.roleId)}
                onChange={(e) => setRoleIds((ids) => (e.target.checked ? [...ids, r.roleId] : ids.filter((x) => x !== r.roleId)))}
              />
              {locale === 'ar' ? r.nameAr : r.name}
            </label>
          ))}
          {form.errors.roleIds && <Alert role="alert">{form.errorText('roleIds')}</Alert>}
        </fieldset>
        {!admin && (
          <Field label={label('admins.firstPassword')} error={form.errorText('password')} hint={label('auth.passwordHint')}>
            <input type="password" dir="ltr" autoComplete="new-password" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
          </Field>
        )}
        <Toolbar>
          <Button type="submit" disabled={busy}>
            <FormattedMessage id="common.save" />
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            <FormattedMessage id="common.cancel" />
          </Button>
        </Toolbar>
      </form>
    </FormCard>
  );
}

function ToggleActive({ admin, onDone }: { admin: AdminView; onDone: () => void }) {
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm({});
  const deactivate = useCommand<unknown>('admins', endpoints.admins.deactivate);
  const activate = useCommand<unknown>('admins', endpoints.admins.activate);
  const command = admin.isActive ? deactivate : activate;
  return (
    <ReasonForm
      titleId={admin.isActive ? 'admins.deactivateTitle' : 'admins.activateTitle'}
      submitId={admin.isActive ? 'admins.deactivate' : 'admins.activate'}
      busy={command.isPending}
      onCancel={onDone}
      onSubmit={(reason) =>
        command.mutate(
          { adminId: admin.adminId, reason, expectedRevision: admin.revision },
          {
            onSuccess: () => {
              pushToast({ kind: 'success', text: form.intl.formatMessage({ id: 'admins.saved' }) });
              onDone();
            },
            onError: (error) => pushToast({ kind: 'error', text: translateErrorCode(form.intl, form.serverError(error).code) }),
          },
        )
      }
    >
      <p>{`${admin.firstName} ${admin.lastName}`}</p>
    </ReasonForm>
  );
}
