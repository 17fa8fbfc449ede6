import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { redirectSearch } from '../../features/identity/guards';
import { requireAppCatalog } from '../../lib/i18n/load-messages';
import { publicLayoutRoute } from './public';

const signInPages = () => import('../../features/identity/components/sign-in-pages');
const passwordPages = () => import('../../features/identity/components/password-pages');
type AuthSearch = { token?: string; audience?: 'staff' };
/** ?token= of mailed links, ?audience=staff of staff variants. */
const tokenSearch = (search: Record<string, unknown>): AuthSearch => ({
  ...(typeof search.token === 'string' ? { token: search.token } : {}),
  ...(search.audience === 'staff' ? { audience: 'staff' as const } : {}),
});
const authPage = <P extends string>(path: P, load: () => Promise<Record<string, unknown>>, name: string) =>
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path,
    validateSearch: tokenSearch,
    loader: ({ context }) => requireAppCatalog(context.store),
    component: lazyRouteComponent(load as never, name as never),
  });

/**
 * The sign-up, sign-in and password screens, each lazy-loaded with the zod schemas its form validates with; their
 * messages are in the app catalog, which each route's loader awaits.
 */
export const authRoutes = [
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: paths.signIn,
    validateSearch: redirectSearch,
    loader: ({ context }) => requireAppCatalog(context.store),
    component: lazyRouteComponent(signInPages, 'StaffSignInPage'),
  }),
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: paths.signInUp,
    validateSearch: redirectSearch,
    loader: ({ context }) => requireAppCatalog(context.store),
    component: lazyRouteComponent(signInPages, 'CustomerSignInPage'),
  }),
  authPage(paths.signUp, () => import('../../features/identity/components/sign-up-page'), 'SignUpPage'),
  authPage(paths.verifyEmail, passwordPages, 'VerifyEmailPage'),
  authPage(paths.forgetPassword, passwordPages, 'ForgotPasswordPage'),
  authPage(paths.resetPassword, passwordPages, 'ResetPasswordPage'),
  authPage(paths.signInForget, passwordPages, 'StaffForgotPasswordPage'),
  authPage(paths.resetPasswordDone, passwordPages, 'ResetPasswordDonePage'),
  authPage(paths.linkExpired, passwordPages, 'LinkExpiredPage'),
  authPage(paths.forgetSignin, passwordPages, 'ForgetSigninPage'),
  authPage(paths.timedOut, passwordPages, 'TimedOutPage'),
  // /demo: public, its messages in the app catalog (loaded first), its own lazy chunk
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: paths.demo,
    loader: ({ context }) => requireAppCatalog(context.store),
    component: lazyRouteComponent(() => import('../demo/demo-page'), 'DemoPage'),
  }),
];
