import { type FormEvent } from 'react';
import styled from '@emotion/styled';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { updateOwnProfileSchema } from '@evc/contracts/identity';
import { LIMITS, type Locale } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { api, type InputOf } from '../../../lib/api';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { sessionAtom } from '../../../stores/auth-state';
import { ChangePasswordForm } from '../../../components/change-password-form';
import { localeAtom } from '../../../stores/locale-state';
import { pushToastAtom } from '../../../stores/toast-state';
import { FormCard, Screen, Toolbar } from '../../../components/admin/admin-ui';

const Profile = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  margin: 0;
  dd {
    margin: 0;
  }
`;

/** /admin/settings: own profile (name, language; e-mail and roles shown) and password. */
export function SettingsPage() {
  const session = useAtomValue(sessionAtom);
  const intl = useIntl();
  return (
    <Screen>
      <h1>
        <FormattedMessage id="admin.settings" />
      </h1>
      <FormCard>
        <h2>
          <FormattedMessage id="account.profile" />
        </h2>
        {session && (
          <Profile>
            <dt>
              <FormattedMessage id="auth.email" />
            </dt>
            <dd>
              <bdi dir="ltr">{session.user.email}</bdi>
            </dd>
            <dt>
              <FormattedMessage id="admin.roles" />
            </dt>
            <dd data-testid="settings-roles">
              {session.user.roles.length > 0 ? intl.formatList(session.user.roles, { type: 'conjunction' }) : '—'}
            </dd>
          </Profile>
        )}
        <ProfileForm />
      </FormCard>
      <FormCard>
        <h2>
          <FormattedMessage id="account.changePassword" />
        </h2>
        <ChangePasswordForm />
      </FormCard>
    </Screen>
  );
}

/** Name and language (account.update-profile); the language also becomes the UI language. */
export function ProfileForm() {
  const session = useAtomValue(sessionAtom);
  const store = useStore();
  const pushToast = useSetAtom(pushToastAtom);
  const form = useSchemaForm({
    firstName: session?.user.firstName ?? '',
    lastName: session?.user.lastName ?? '',
    locale: session?.user.locale ?? 'en',
  });
  const save = useMutation({ mutationFn: (body: InputOf<'account.update-profile'>) => api.command('account.update-profile', body) });
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate(updateOwnProfileSchema);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        const current = store.get(sessionAtom);
        if (current) store.set(sessionAtom, { ...current, user: { ...current.user, ...body } });
        store.set(localeAtom, body.locale as Locale);
        pushToast({ kind: 'success', text: label('account.profileSaved') });
      },
      onError: (error) => pushToast({ kind: 'error', text: form.serverError(error).text }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <Field label={label('auth.firstName')} error={form.errorText('firstName')}>
        <input autoComplete="given-name" {...form.bind('firstName')} maxLength={LIMITS.firstLastNameMax} />
      </Field>
      <Field label={label('auth.lastName')} error={form.errorText('lastName')}>
        <input autoComplete="family-name" {...form.bind('lastName')} maxLength={LIMITS.firstLastNameMax} />
      </Field>
      <Field label={label('account.language')} error={form.errorText('locale')}>
        <select {...form.bind('locale')}>
          <option value="en">English</option>
          <option value="ar">العربية</option>
        </select>
      </Field>
      <Toolbar>
        <Button type="submit" disabled={save.isPending}>
          <FormattedMessage id="common.save" />
        </Button>
      </Toolbar>
    </form>
  );
}
