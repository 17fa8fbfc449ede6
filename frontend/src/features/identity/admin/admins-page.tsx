import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminView } from '@evc/contracts/identity';
import { createAdminSchema, updateAdminSchema } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { newUuid } from '../../../lib/uuid';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { hasPrivilege, sessionAtom } from '../../../stores/auth-state';
import { useLocale } from '../../../hooks/use-locale';
import { translateErrorCode } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { useCommand, usePagedList } from '../../../components/admin/admin-api';
import { AdminList, useAdminList, type Column } from '../../../components/admin/admin-list';
import { Status } from '../../../components/admin/admin-ui';
import { CheckGroup, EditorCard, ReasonForm } from '../../../components/admin/form-parts';

type Mode = 'none' | 'create' | 'edit' | 'toggle';

/** /admin/admins: staff list (the shared admin list; the query answers JSON only, so no CSV); select a row, then edit or (de)activate. */
export function AdminsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const session = useAtomValue(sessionAtom);
  const canWrite = hasPrivilege(session, 'admins.write');
  const [mode, setMode] = useState<Mode>('none');
  const list = useAdminList<AdminView>({ collection: 'admins', operation: 'admins.list', statusFilter: null });
  const selected = list.rows.find((r) => r.adminId === list.state.selected) ?? null;
  const columns: Column<AdminView>[] = [
    { key: 'name', labelId: 'auth.name', render: (r) => `${r.firstName} ${r.lastName}` },
    { key: 'email', labelId: 'auth.email', render: (r) => <bdi dir="ltr">{r.email}</bdi> },
    {
      key: 'roles',
      labelId: 'admin.roles',
      render: (r) => intl.formatList(locale === 'ar' ? r.roleNamesAr : r.roleNames, { type: 'conjunction', style: 'narrow' }),
    },
    {
      key: 'status',
      labelId: 'admin.status',
      render: (r) => (
        <Status ok={r.isActive}>
          <FormattedMessage id={r.isActive ? 'admin.active' : 'admin.inactive'} />
        </Status>
      ),
    },
  ];

  return (
    <AdminList
      titleId="admin.admins"
      list={list}
      columns={columns}
      rowId={(r) => r.adminId}
      writePrivilege="admins.write"
      onAdd={() => setMode('create')}
      addLabelId="admins.create"
      onEdit={() => setMode('edit')}
      actions={(row, requireSelection) =>
        canWrite && (
          <Button type="button" variant="secondary" onClick={() => requireSelection() && setMode('toggle')}>
            <FormattedMessage id={row && !row.isActive ? 'admins.activate' : 'admins.deactivate'} />
          </Button>
        )
      }
    >
      {mode === 'create' && <AdminForm onDone={() => setMode('none')} />}
      {mode === 'edit' && selected && <AdminForm key={selected.adminId} admin={selected} onDone={() => setMode('none')} />}
      {mode === 'toggle' && selected && <ToggleActive key={selected.adminId} admin={selected} onDone={() => setMode('none')} />}
    </AdminList>
  );
}

/** The roles to choose from (needs roles.read; otherwise none are listed). */
export function useRoleOptions() {
  const session = useAtomValue(sessionAtom);
  const roles = usePagedList('roles', 'roles.list', { page: 1, pageSize: 100 }, hasPrivilege(session, 'roles.read'));
  return roles.data?.dataList ?? [];
}

function AdminForm({ admin, onDone }: { admin?: AdminView; onDone: () => void }) {
  const locale = useLocale();
  const pushToast = useSetAtom(pushToastAtom);
  const roles = useRoleOptions();
  const form = useSchemaForm({
    firstName: admin?.firstName ?? '',
    lastName: admin?.lastName ?? '',
    email: admin?.email ?? '',
    password: '',
  });
  const [roleIds, setRoleIds] = useState<string[]>(admin?.roleIds ?? []);
  const [adminId] = useState(() => admin?.adminId ?? newUuid());
  const create = useCommand('admins', 'admins.create');
  const update = useCommand('admins', 'admins.update');
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const outcome = {
    onSuccess: () => {
      pushToast({ kind: 'success', text: label('admins.saved') });
      onDone();
    },
    onError: (error: unknown) => {
      const { code, text } = form.serverError(error);
      if (code === 'identity.email_exists') form.setErrors((x) => ({ ...x, email: { path: 'email', code: 'email_exists' } }));
      pushToast({ kind: 'error', text });
    },
  };
  const onSubmit = () => {
    if (admin) {
      const body = form.validate(updateAdminSchema, {
        adminId,
        firstName: form.values.firstName,
        lastName: form.values.lastName,
        roleIds,
        expectedRevision: admin.revision,
      });
      if (body) update.mutate(body, outcome);
    } else {
      const body = form.validate(createAdminSchema, { adminId, ...form.values, roleIds });
      if (body) create.mutate(body, outcome);
    }
  };

  const emailError = form.errors.email?.code === 'email_exists' ? label('error.identity.email_exists') : form.errorText('email');
  return (
    <EditorCard
      titleId={admin ? 'admins.editTitle' : 'admins.createTitle'}
      busy={create.isPending || update.isPending}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
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
      <CheckGroup
        legend={label('admin.roles')}
        options={roles.map((r) => ({ value: r.roleId, label: locale === 'ar' ? r.nameAr : r.name }))}
        checked={roleIds}
        onChange={setRoleIds}
        error={form.errorText('roleIds')}
      />
      {!admin && (
        <Field label={label('admins.firstPassword')} error={form.errorText('password')} hint={label('auth.passwordHint')}>
          <input type="password" dir="ltr" autoComplete="new-password" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
        </Field>
      )}
    </EditorCard>
  );
}

function ToggleActive({ admin, onDone }: { admin: AdminView; onDone: () => void }) {
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm({});
  const deactivate = useCommand('admins', 'admins.deactivate');
  const activate = useCommand('admins', 'admins.activate');
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
