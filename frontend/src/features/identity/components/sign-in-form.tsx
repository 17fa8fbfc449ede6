import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { signInSchema, type Audience } from '@evc/contracts/identity';
import type { AuthSession } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { api, type InputOf } from '../../../lib/api';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { startSession } from '../../../lib/session';
import { Actions, FormStack } from '../../../components/ui/form-stack';
import { CheckRow, Notice } from './auth-ui';

interface SignInFormProps {
  audience: Audience;
  forgotPath: string;
  onSignedIn: (session: AuthSession) => void;
}

/** E-mail, password, remember me; answers the session and keeps it (session/local storage). */
export function SignInForm({ audience, forgotPath, onSignedIn }: SignInFormProps) {
  const store = useStore();
  const form = useSchemaForm({ email: '', password: '' });
  const [rememberMe, setRememberMe] = useState(false);
  const [failure, setFailure] = useState<{ code: string; text: string } | null>(null);
  const [resent, setResent] = useState(false);
  const { intl } = form;

  const signIn = useMutation({ mutationFn: (body: InputOf<'auth.sign-in'>) => api.command('auth.sign-in', body, { auth: false }) });
  const resend = useMutation({
    mutationFn: (email: string) => api.command('auth.resend-verification', { email, audience }, { auth: false }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(signInSchema, { ...form.values, rememberMe, audience });
    if (!body) return;
    signIn.mutate(body, {
      onSuccess: (session) => {
        startSession(store, session);
        onSignedIn(session);
      },
      onError: (error) => setFailure(form.serverError(error)),
    });
  };

  const label = (id: string) => intl.formatMessage({ id });
  return (
    <FormStack noValidate onSubmit={onSubmit}>
      <Field label={label('auth.email')} error={form.errorText('email')}>
        <input type="email" autoComplete="username" dir="ltr" {...form.bind('email')} maxLength={LIMITS.emailMax} />
      </Field>
      <Field label={label('auth.password')} error={form.errorText('password')}>
        <input type="password" autoComplete="current-password" dir="ltr" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
      </Field>
      <CheckRow>
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        <FormattedMessage id="auth.rememberMe" />
      </CheckRow>
      {failure && (
        <Notice tone="error" role="alert">
          <p>{failure.text}</p>
          {failure.code === 'identity.email_not_verified' && (
            <p>
              {resent ? (
                <FormattedMessage id="auth.verificationResent" />
              ) : (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(form.values.email, { onSettled: () => setResent(true) })}
                >
                  <FormattedMessage id="auth.resendVerification" />
                </Button>
              )}
            </p>
          )}
        </Notice>
      )}
      <Actions>
        <Button type="submit" disabled={signIn.isPending}>
          <FormattedMessage id="auth.signIn" />
        </Button>
        <Link to={forgotPath}>
          <FormattedMessage id="auth.forgotLink" />
        </Link>
      </Actions>
    </FormStack>
  );
}
