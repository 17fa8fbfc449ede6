import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { publicLayoutRoute } from './public';

const ComingSoon = lazyRouteComponent(() => import('../../features/placeholders/components/coming-soon'), 'ComingSoon');

export const placeholder = <TParent extends AnyRoute, P extends string>(parent: () => TParent, path: P, titleId: string) =>
  createRoute({ getParentRoute: parent, path, component: ComingSoon, staticData: { titleId } });

/** Auth screens and misc screens of product-spec §2; built in later issues. */
export const authRoutes = [
  placeholder(() => publicLayoutRoute, paths.signIn, 'page.signIn'),
  placeholder(() => publicLayoutRoute, paths.signInUp, 'page.signInUp'),
  placeholder(() => publicLayoutRoute, paths.forgetPassword, 'page.forgetPassword'),
  placeholder(() => publicLayoutRoute, paths.resetPassword, 'page.resetPassword'),
  placeholder(() => publicLayoutRoute, paths.signInForget, 'page.signInForget'),
  placeholder(() => publicLayoutRoute, paths.resetPasswordDone, 'page.resetPasswordDone'),
  placeholder(() => publicLayoutRoute, paths.linkExpired, 'page.linkExpired'),
  placeholder(() => publicLayoutRoute, paths.forgetSignin, 'page.forgetSignin'),
  placeholder(() => publicLayoutRoute, paths.timedOut, 'page.timedOut'),
  placeholder(() => publicLayoutRoute, paths.demo, 'page.demo'),
];
