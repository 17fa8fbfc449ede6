import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { changePasswordSchema } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from './ui/button';
import { Field } from './ui/field';
import { api, type InputOf } from '../lib/api';
import { useSchemaForm } from '../hooks/use-schema-form';
import { pushToastAtom } from '../stores/toast-state';
import { Actions, FormStack } from './ui/form-stack';

const empty = { currentPassword: '', password: '', confirmPassword: '' };

/** Current, new and confirmation (account.change-password); used by /admin/settings and the customer profile. */
export function ChangePasswordForm() {
  const form = useSchemaForm(empty);
  const pushToast = useSetAtom(pushToastAtom);
  const [done, setDone] = useState(false);
  const change = useMutation({ mutationFn: (body: InputOf<'account.change-password'>) => api.command('account.change-password', body) });
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const body = form.validate(changePasswordSchema);
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        form.setValues(empty);
        setDone(true);
        pushToast({ kind: 'success', text: label('account.passwordChanged') });
      },
      onError: (error) => {
        const { code, text } = form.serverError(error);
        if (code === 'identity.old_password_incorrect') {
          form.setErrors((x) => ({ ...x, currentPassword: { path: 'currentPassword', code: 'old_password_incorrect' } }));
        } else pushToast({ kind: 'error', text });
      },
    });
  };

  const currentError =
    form.errors.currentPassword?.code === 'old_password_incorrect'
      ? label('error.identity.old_password_incorrect')
      : form.errorText('currentPassword');
  return (
    <FormStack noValidate onSubmit={onSubmit}>
      <Field label={label('account.currentPassword')} error={currentError}>
        <input type="password" dir="ltr" autoComplete="current-password" {...form.bind('currentPassword')} maxLength={LIMITS.passwordMax} />
      </Field>
      <Field label={label('auth.newPassword')} error={form.errorText('password')} hint={label('auth.passwordHint')}>
        <input type="password" dir="ltr" autoComplete="new-password" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
      </Field>
      <Field label={label('auth.confirmPassword')} error={form.errorText('confirmPassword')}>
        <input type="password" dir="ltr" autoComplete="new-password" {...form.bind('confirmPassword')} maxLength={LIMITS.passwordMax} />
      </Field>
      {done && (
        <p role="status">
          <FormattedMessage id="account.passwordChanged" />
        </p>
      )}
      <Actions>
        <Button type="submit" disabled={change.isPending}>
          <FormattedMessage id="account.changePassword" />
        </Button>
      </Actions>
    </FormStack>
  );
}
