import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { Muted } from '../../../components/ui/layout';
import { paths } from '../../../config/paths';
import { safeRedirect } from '../guards';
import { AuthCard } from './auth-ui';
import { SignInForm } from './sign-in-form';

/** /SignInUp: customer sign-in ("Welcome back") with links to forgot password and sign-up. */
export function CustomerSignInPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  return (
    <AuthCard titleId="auth.welcomeBack" subtitleId="auth.customerSignInIntro">
      <SignInForm
        audience="customer"
        forgotPath={paths.forgetPassword}
        onSignedIn={() => void navigate({ to: safeRedirect(search.redirect) ?? paths.customer.profile })}
      />
      <Muted>
        <FormattedMessage id="auth.noAccount" />{' '}
        <Link to={paths.signUp}>
          <FormattedMessage id="auth.signUpLink" />
        </Link>
      </Muted>
    </AuthCard>
  );
}

/** /Signin: staff sign-in; goes to /admin (or back to the admin page that asked for it). */
export function StaffSignInPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  return (
    <AuthCard titleId="auth.staffSignIn" subtitleId="auth.staffSignInIntro">
      <SignInForm
        audience="staff"
        forgotPath={paths.signInForget}
        onSignedIn={() => {
          const back = safeRedirect(search.redirect);
          void navigate({ to: back?.toLowerCase().startsWith(paths.admin.root) ? back : paths.admin.root });
        }}
      />
    </AuthCard>
  );
}
