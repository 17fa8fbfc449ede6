import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { RoleView } from '@evc/contracts/identity';
import type { Privilege } from '@evc/contracts/shared';
import { roleSchema } from '@evc/contracts/identity';
import { Field } from '../../../components/ui/field';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useLocale } from '../../../hooks/use-locale';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { PRIVILEGE_GROUPS } from './privilege-groups';
import { AdminList, useAdminList, type Column } from '../../../components/admin/admin-list';
import { CheckGroup, EditorCard } from '../../../components/admin/form-parts';

/** /admin/roles: roles with their privileges and assigned admins (the shared admin list; JSON only, so no CSV); create, or select a row and edit. */
export function RolesPage() {
  const session = useAtomValue(sessionAtom);
  const locale = useLocale();
  const [mode, setMode] = useState<'none' | 'create' | 'edit'>('none');
  const list = useAdminList<RoleView>({ collection: 'roles', operation: 'roles.list', statusFilter: null });
  const admins = usePagedList('admins', 'admins.list', { page: 1, pageSize: 100 }, hasPrivilege(session, 'admins.read'));
  const adminName = (id: string) => {
    const a = admins.data?.dataList.find((x) => x.adminId === id);
    return a ? `${a.firstName} ${a.lastName}` : id;
  };
  const selected = list.rows.find((r) => r.roleId === list.state.selected) ?? null;
  const columns: Column<RoleView>[] = [
    { key: 'name', labelId: 'roles.name', render: (r) => (locale === 'ar' ? r.nameAr : r.name) },
    { key: 'privileges', labelId: 'roles.privileges', render: (r) => <PrivilegeList privileges={r.privileges} /> },
    { key: 'assigned', labelId: 'roles.assigned', render: (r) => (r.adminIds.length === 0 ? '—' : r.adminIds.map(adminName).join('، ')) },
  ];

  return (
    <AdminList
      titleId="admin.roles"
      list={list}
      columns={columns}
      rowId={(r) => r.roleId}
      writePrivilege="roles.write"
      onAdd={() => setMode('create')}
      addLabelId="roles.create"
      onEdit={() => setMode('edit')}
    >
      {mode === 'create' && <RoleForm onDone={() => setMode('none')} />}
      {mode === 'edit' && selected && <RoleForm key={selected.roleId} role={selected} onDone={() => setMode('none')} />}
    </AdminList>
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
  const create = useCommand('roles', 'roles.create');
  const update = useCommand('roles', 'roles.update');
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = () => {
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
    <EditorCard
      titleId={role ? 'roles.editTitle' : 'roles.createTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
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
        <CheckGroup<Privilege>
          key={group.id}
          legend={label(`privilegeGroup.${group.id}`)}
          options={group.privileges.map((p) => ({ value: p, label: label(`privilege.${p}`) }))}
          checked={privileges}
          onChange={setPrivileges}
        />
      ))}
    </EditorCard>
  );
}
