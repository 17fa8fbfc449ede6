import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { emailOnlySchema, resetPasswordSchema, tokenSchema, type Audience } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import { Button, buttonStyles } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PageLoading } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { api, type InputOf } from '../../../lib/api';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { Actions, FormStack } from '../../../components/ui/form-stack';
import { AuthCard, Notice } from './auth-ui';

type Search = { token?: string; audience?: string };
const useAuthSearch = () => useSearch({ strict: false }) as Search;

/** "Sent" (or any success) line shown in place of a form. */
function Done({ id }: { id: string }) {
  return (
    <Notice tone="success" role="status">
      <p>
        <FormattedMessage id={id} />
      </p>
    </Notice>
  );
}

/** How every form here ends: the server's refusal, then the submit button. */
function FormEnd({ failure, busy, submitId }: { failure: string | null; busy: boolean; submitId: string }) {
  return (
    <>
      {failure && (
        <Notice tone="error" role="alert">
          <p>{failure}</p>
        </Notice>
      )}
      <Actions>
        <Button type="submit" disabled={busy}>
          <FormattedMessage id={submitId} />
        </Button>
      </Actions>
    </>
  );
}

/**
 * An e-mail-only request (forgot password: auth.forgot-password; a new confirmation mail: auth.resend-verification):
 * the answer never tells whether the account exists. On success `onSent`, or the `sentId` line in place of the form.
 */
function EmailRequestForm({
  operation,
  audience,
  submitId,
  sentId,
  onSent,
}: {
  operation: 'auth.forgot-password' | 'auth.resend-verification';
  audience: Audience;
  submitId: string;
  sentId: string;
  onSent?: () => void;
}) {
  const form = useSchemaForm({ email: '' });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useMutation({ mutationFn: (body: InputOf<typeof operation>) => api.command(operation, body, { auth: false }) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(emailOnlySchema, { ...form.values, audience });
    if (!body) return;
    request.mutate(body, {
      onSuccess: () => (onSent ? onSent() : setSent(true)),
      onError: (error) => setFailure(form.serverError(error).text),
    });
  };

  if (sent) return <Done id={sentId} />;
  return (
    <FormStack noValidate onSubmit={onSubmit}>
      <Field label={form.intl.formatMessage({ id: 'auth.email' })} error={form.errorText('email')}>
        <input type="email" autoComplete="email" dir="ltr" {...form.bind('email')} maxLength={LIMITS.emailMax} />
      </Field>
      <FormEnd failure={failure} busy={request.isPending} submitId={submitId} />
    </FormStack>
  );
}

/** The forgot-password form of an audience. */
const ForgotPasswordForm = ({ audience, onSent }: { audience: Audience; onSent?: () => void }) => (
  <EmailRequestForm
    operation="auth.forgot-password"
    audience={audience}
    submitId="auth.forgot.submit"
    sentId="auth.forgot.sent"
    onSent={onSent}
  />
);

/** /ForgetPassword: the customer's forgot-password form. */
export function ForgotPasswordPage() {
  return (
    <AuthCard titleId="page.forgetPassword" subtitleId="auth.forgot.intro">
      <ForgotPasswordForm audience="customer" />
      <Link to={paths.signInUp}>
        <FormattedMessage id="auth.backToSignIn" />
      </Link>
    </AuthCard>
  );
}

/** /signInForget: the staff forgot-password form (linked from /Signin); on send it goes to /ForgetSignin. */
export function StaffForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthCard titleId="page.signInForget" subtitleId="auth.forgot.intro">
      <ForgotPasswordForm audience="staff" onSent={() => void navigate({ to: paths.forgetSignin })} />
      <Link to={paths.signIn}>
        <FormattedMessage id="auth.backToSignIn" />
      </Link>
    </AuthCard>
  );
}

/** /ForgetSignin: after a staff forgot-password request: "check your e-mail", then sign in. */
export function ForgetSigninPage() {
  return (
    <AuthCard titleId="page.forgetSignin">
      <Done id="auth.forgot.sent" />
      <Link to={paths.signIn} css={buttonStyles('primary')}>
        <FormattedMessage id="auth.signIn" />
      </Link>
    </AuthCard>
  );
}

/** /resetPassword?token=: checks the link first (invalid → /linkExpired), then sets the new password. */
export function ResetPasswordPage() {
  const { token = '' } = useAuthSearch();
  const navigate = useNavigate();
  const wellFormed = tokenSchema.safeParse(token).success;
  const status = useQuery({
    queryKey: ['auth', 'reset-link', token],
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
    queryFn: ({ signal }) => api.query('auth.reset-link', { token }, { signal }),
  });
  const invalid = !wellFormed || status.data?.valid === false || status.isError;
  useEffect(() => {
    if (invalid) void navigate({ to: paths.linkExpired, replace: true });
  }, [invalid, navigate]);

  const form = useSchemaForm({ password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (body: InputOf<'auth.reset-password'>) => api.command('auth.reset-password', body, { auth: false }),
  });
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  if (invalid || !status.data) return <PageLoading />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(resetPasswordSchema, { ...form.values, token });
    if (!body) return;
    reset.mutate(body, {
      onSuccess: () => void navigate({ to: paths.resetPasswordDone, replace: true }),
      onError: (error) => {
        const { code, text } = form.serverError(error);
        const badToken = error instanceof ApiRequestError && error.fieldErrors.some((f) => f.path === 'token');
        if (code === 'identity.link_expired' || badToken) void navigate({ to: paths.linkExpired, replace: true });
        else setFailure(text);
      },
    });
  };

  return (
    <AuthCard titleId="page.resetPassword" subtitleId="auth.reset.intro">
      <FormStack noValidate onSubmit={onSubmit}>
        <Field label={label('auth.newPassword')} error={form.errorText('password')} hint={label('auth.passwordHint')}>
          <input type="password" autoComplete="new-password" dir="ltr" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
        </Field>
        <Field label={label('auth.confirmPassword')} error={form.errorText('confirmPassword')}>
          <input type="password" autoComplete="new-password" dir="ltr" {...form.bind('confirmPassword')} maxLength={LIMITS.passwordMax} />
        </Field>
        <FormEnd failure={failure} busy={reset.isPending} submitId="auth.reset.submit" />
      </FormStack>
    </AuthCard>
  );
}

/** /linkExpired: "Oops This url is not valid anymore", with a resend option (a new reset link). */
export function LinkExpiredPage() {
  const { audience } = useAuthSearch();
  return (
    <AuthCard titleId="page.linkExpired" subtitleId="auth.linkExpired.body">
      <ForgotPasswordForm audience={audience === 'staff' ? 'staff' : 'customer'} />
    </AuthCard>
  );
}

/** Sign-in links after a reset: the link does not say who it was for, so both are offered. */
function SignInChoices() {
  return (
    <Actions>
      <Link to={paths.signInUp} css={buttonStyles('primary')}>
        <FormattedMessage id="auth.signIn" />
      </Link>
      <Link to={paths.signIn}>
        <FormattedMessage id="auth.staffSignIn" />
      </Link>
    </Actions>
  );
}

/** /resetPasswordDone. */
export function ResetPasswordDonePage() {
  return (
    <AuthCard titleId="page.resetPasswordDone" subtitleId="auth.reset.done">
      <SignInChoices />
    </AuthCard>
  );
}

/** /timed-out: signed out after inactivity (?audience=staff sends staff back to /Signin). */
export function TimedOutPage() {
  const { audience } = useAuthSearch();
  return (
    <AuthCard titleId="page.timedOut" subtitleId="auth.timedOut.body">
      <Actions>
        <Link to={audience === 'staff' ? paths.signIn : paths.signInUp} css={buttonStyles('primary')}>
          <FormattedMessage id="auth.signInAgain" />
        </Link>
      </Actions>
    </AuthCard>
  );
}

/** /verify-email?token=: confirms the address (auth.verify-email) and offers sign-in, or a new mail. */
export function VerifyEmailPage() {
  const { token = '' } = useAuthSearch();
  const wellFormed = tokenSchema.safeParse(token).success;
  // a query, not a mutation: StrictMode's double effect and re-renders send the single-use token once
  const verify = useQuery({
    queryKey: ['auth', 'verify-email', token],
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: () => api.command('auth.verify-email', { token }, { auth: false }),
  });
  if (wellFormed && verify.isPending) return <PageLoading />;
  if (wellFormed && verify.isSuccess) {
    return (
      <AuthCard titleId="auth.verify.doneTitle" subtitleId="auth.verify.done">
        <Link to={paths.signInUp} css={buttonStyles('primary')}>
          <FormattedMessage id="auth.signIn" />
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard titleId="page.linkExpired" subtitleId="auth.verify.failed">
      <ResendVerificationForm />
    </AuthCard>
  );
}

function ResendVerificationForm() {
  return (
    <EmailRequestForm
      operation="auth.resend-verification"
      audience="customer"
      submitId="auth.resendVerification"
      sentId="auth.verificationResent"
    />
  );
}
