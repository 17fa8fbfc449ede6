import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { GENDERS, signUpSchema, type SignUp } from '@evc/contracts/identity';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Muted } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useLocale } from '../../../hooks/use-locale';
import { Actions, FormStack } from '../../../components/ui/form-stack';
import { AuthCard, Notice, Row } from './auth-ui';

const empty = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '', gender: '' };

/** /SignUp: customer sign-up; on success asks the customer to confirm the e-mail address. */
export function SignUpPage() {
  const locale = useLocale();
  const form = useSchemaForm(empty);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const signUp = useMutation({ mutationFn: (body: SignUp) => api.command('auth.sign-up', body, { auth: false }) });
  const { intl } = form;
  const label = (id: string) => intl.formatMessage({ id });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = form.validate(signUpSchema, { ...form.values, locale });
    if (!body) return;
    signUp.mutate(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (error) => {
        const { code, text } = form.serverError(error);
        if (code === 'identity.email_exists') form.setErrors((e) => ({ ...e, email: { path: 'email', code: 'email_registered' } }));
        else if (code !== 'request.invalid') setFailure(text);
      },
    });
  };

  if (sentTo) {
    return (
      <AuthCard titleId="auth.checkEmail.title">
        <Notice tone="success" role="status">
          <p>
            <FormattedMessage id="auth.checkEmail.body" values={{ email: <bdi>{sentTo}</bdi> }} />
          </p>
        </Notice>
        <Link to={paths.signInUp}>
          <FormattedMessage id="auth.backToSignIn" />
        </Link>
      </AuthCard>
    );
  }

  const emailError = form.errors.email?.code === 'email_registered' ? label('auth.emailRegistered') : form.errorText('email');
  return (
    <AuthCard titleId="auth.signUp.title" subtitleId="auth.signUp.intro">
      <FormStack noValidate onSubmit={onSubmit}>
        <Row>
          <Field label={label('auth.firstName')} error={form.errorText('firstName')}>
            <input autoComplete="given-name" {...form.bind('firstName')} maxLength={LIMITS.firstLastNameMax} />
          </Field>
          <Field label={label('auth.lastName')} error={form.errorText('lastName')}>
            <input autoComplete="family-name" {...form.bind('lastName')} maxLength={LIMITS.firstLastNameMax} />
          </Field>
        </Row>
        <Field label={label('auth.email')} error={emailError}>
          <input type="email" autoComplete="email" dir="ltr" {...form.bind('email')} maxLength={LIMITS.emailMax} />
        </Field>
        {form.errors.email?.code === 'email_registered' && (
          <Link to={paths.signInUp}>
            <FormattedMessage id="auth.signIn" />
          </Link>
        )}
        <Field label={label('auth.phone')} error={form.errorText('phone')} hint={label('auth.phoneHint')}>
          <input type="tel" inputMode="tel" autoComplete="tel-national" dir="ltr" {...form.bind('phone')} maxLength={16} />
        </Field>
        <Row>
          <Field label={label('auth.password')} error={form.errorText('password')} hint={label('auth.passwordHint')}>
            <input type="password" autoComplete="new-password" dir="ltr" {...form.bind('password')} maxLength={LIMITS.passwordMax} />
          </Field>
          <Field label={label('auth.confirmPassword')} error={form.errorText('confirmPassword')}>
            <input type="password" autoComplete="new-password" dir="ltr" {...form.bind('confirmPassword')} maxLength={LIMITS.passwordMax} />
          </Field>
        </Row>
        <Field label={label('auth.gender')} error={form.errorText('gender')}>
          <select {...form.bind('gender')}>
            <option value="">{label('auth.gender.choose')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {label(`auth.gender.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        {failure && (
          <Notice tone="error" role="alert">
            <p>{failure}</p>
          </Notice>
        )}
        <Actions>
          <Button type="submit" disabled={signUp.isPending}>
            <FormattedMessage id="auth.signUp.submit" />
          </Button>
        </Actions>
        <Muted>
          <FormattedMessage id="auth.haveAccount" />{' '}
          <Link to={paths.signInUp}>
            <FormattedMessage id="auth.signIn" />
          </Link>
        </Muted>
      </FormStack>
    </AuthCard>
  );
}
