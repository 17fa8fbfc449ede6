import { Link, useRouterState } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { buttonStyles } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { ErrorScreen } from './error-screen';

/**
 * docs/rules.md §2: any unknown path shows "Page not found". Under /admin its button leads back to the admin panel (the
 * rules' button); anywhere else a visitor is led home, not to a panel they cannot open.
 */
export function NotFoundPage() {
  const inAdmin = useRouterState({ select: (s) => /^\/admin(\/|$)/i.test(s.location.pathname) });
  return (
    <ErrorScreen
      code="404"
      titleId="error.404.title"
      bodyId="error.404.body"
      action={
        <Link to={inAdmin ? paths.admin.root : paths.home} css={buttonStyles('primary')}>
          <FormattedMessage id={inAdmin ? 'error.404.back' : 'error.404.home'} />
        </Link>
      }
    />
  );
}

export const Error400Page = () => <ErrorScreen code="400" titleId="error.400.title" bodyId="error.400.body" />;
export const Error401Page = () => <ErrorScreen code="401" titleId="error.401.title" bodyId="error.401.body" />;
export const Error403Page = () => <ErrorScreen code="403" titleId="error.403.title" bodyId="error.403.body" />;
export const Error505Page = () => <ErrorScreen code="505" titleId="error.505.title" bodyId="error.505.body" />;

/** Route error boundary: maps a failed request to the matching error screen. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const status = error instanceof ApiRequestError ? error.status : 500;
  if (status === 400 || status === 422) return <Error400Page />;
  if (status === 401) return <Error401Page />;
  if (status === 403) return <Error403Page />;
  if (status === 404) return <NotFoundPage />;
  return <Error505Page />;
}
