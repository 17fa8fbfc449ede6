import { createRoute } from '@tanstack/react-router';
import { paths } from '../../config/paths';
import { Error401Page, Error403Page, Error505Page, NotFoundPage } from '../errors/error-pages';
import { publicLayoutRoute } from './public';

const errorRoute = <P extends string>(path: P, component: () => React.JSX.Element) =>
  createRoute({ getParentRoute: () => publicLayoutRoute, path, component });

export const errorRoutes = [
  errorRoute(paths.error401, Error401Page),
  errorRoute(paths.error403, Error403Page),
  errorRoute(paths.error404, NotFoundPage),
  errorRoute(paths.error505, Error505Page),
];
