import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminView, RoleView } from '@evc/contracts/identity/views';
import type { Privilege } from '@evc/contracts/identity/privileges';
import { roleSchema } from '@evc/contracts/identity/schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { endpoints } from '../../../lib/endpoints';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../auth/auth-state';
import { useLocale } from '../../i18n/hooks/use-locale';
import { pushToastAtom } from '../../toasts/toast-state';
import { useCommand, usePagedList } from '../api/admin-api';
import { PRIVILEGE_GROUPS } from '../privilege-groups';
import { Alert, ErrorText, FormCard, Pager, Screen, SearchBox, Table, Toolbar } from './admin-ui';

const PAGE_SIZE = 20;

/** /admin/roles: roles with their privileges and assigned admins; create, or select a row and edit. */
export function RolesPage() {
  const session = useAtomValue(sessionAtom);
  const locale = useLocale();
  const canWrite = hasPrivilege(session, 'roles.write');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<'none' | 'create' | 'edit'>('none');
  const [prompt, setPrompt] = useState(false);
  const list = usePagedList<RoleView>('roles', endpoints.roles.list, { q: q || undefined, page, pageSize: PAGE_SIZE });
  const admins = usePagedList<AdminView>('admins', endpoints.admins.list, { page: 1, pageSize: 100 }, hasPrivilege(session, 'admins.read'));
  const adminName = (id: string) => {
    const a = admins.data?.dataList.find((x) => x.adminId === id);
    return a ? `${a.firstName} ${a.lastName}` : id;
  };
  const rows = list.data?.dataList ?? [];
  const selected = rows.find((r) => r.roleId === selectedId) ?? null;

  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.roles" />
      </h1>
      <Toolbar>
        <SearchBox onSearch={(v) => (setQ(v), setPage(1))} />
        <span className="spacer" />
        {canWrite && (
          <>
            <Button type="button" onClick={() => (setPrompt(false), setMode('create'))}>
              <FormattedMessage id="roles.create" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setPrompt(!selected);
                if (selected) setMode('edit');
              }}
            >
              <FormattedMessage id="common.edit" />
            </Button>
          </>
        )}
      </Toolbar>
      {prompt && (
        <Alert role="alert">
          <FormattedMessage id="admin.selectRow" />
        </Alert>
      )}
      {mode === 'create' && <RoleForm onDone={() => setMode('none')} />}
      {mode === 'edit' && selected && <RoleForm key={selected.roleId} role={selected} onDone={() => setMode('none')} />}
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
              <th><FormattedMessage id="roles.name" /></th>
              <th><FormattedMessage id="roles.privileges" /></th>
              <th><FormattedMessage id="roles.assigned" /></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.roleId} aria-selected={r.roleId === selectedId} tabIndex={0} onClick={() => (setSelectedId(r.roleId), setPrompt(false))} onKeyDown={(e) => e.key === 'Enter' && setSelectedId(r.roleId)}>
                <td>{locale === 'ar' ? r.nameAr : r.name}</td>
                <td>
                  <PrivilegeList privileges={r.privileges} />
                </td>
                <td>{r.adminIds.length === 0 ? '—' : r.adminIds.map(adminName).join('، ')}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={3}>
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

function PrivilegeList({ privileges }: { privileges: readonly Privilege[] }) {
  const intl = useIntl();
  return <>{privileges.map((p) => intl.formatMessage({ id: `privilege.${p}` })).join(intl.locale.startsWith('ar') ? '، ' : ', ')}</>;
}

function RoleForm({ role, onDone }: { role?: RoleView; onDone: () => void }) {
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm({ roleId: role?.roleId ?? '', name: role?.name ?? '', nameAr: role?.nameAr ?? '' });
  const [privileges, setPrivileges] = useState<Privilege[]>(role ? [...role.privileges] : []);
  const create = useCommand<unknown>('roles', endpoints.roles.create);
  const update = useCommand<unknown>('roles', endpoints.roles.update);
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate(roleSchema, { ...form.values, privileges, ...(role ? { expectedRevision: role.revision } : {}) });
    if (!body) return;
    (role ? update : create).mutate(body, {
      onSuccess: () => {
        pushToast({ kind: 'success', text: label('roles.saved') });
        onDone();
      },
      onError: (error) => pushToast({ kind: 'error', text: form.serverError(error).text }),
    });
  };

  return (
    <FormCard>
      <h2>
        <FormattedMessage id={role ? 'roles.editTitle' : 'roles.createTitle'} />
      </h2>
      <form noValidate onSubmit={onSubmit}>
        {!role && (
          <Field label={label('roles.roleId')} error={form.errorText('roleId')} hint={label('roles.roleIdHint')}>
            <input dir="ltr" {...form.bind('roleId')} maxLength={64} />
          </Field>
        )}
        <Field label={label('roles.nameEn')} error={form.errorText('name')}>
          <input dir="ltr" lang="en" {...form.bind('name')} maxLength={60} />
        </Field>
        <Field label={label('roles.nameAr')} error={form.errorText('nameAr')}>
          <input dir="rtl" lang="ar" {...form.bind('nameAr')} maxLength={60} />
        </Field>
        {PRIVILEGE_GROUPS.map((group) => (
          <fieldset key={group.id} className="checks">
            <legend>{label(`privilegeGroup.${group.id}`)}</legend>
            {group.privileges.map((p) => (
              <label key={p}>
                <input
                  type="checkbox"
                  checked={privileges.includes(p)}
                  onChange={(e) => setPrivileges((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))}
                />
                {label(`privilege.${p}`)}
              </label>
            ))}
          </fieldset>
        ))}
        <Toolbar>
          <Button type="submit" disabled={create.isPending || update.isPending}>
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
