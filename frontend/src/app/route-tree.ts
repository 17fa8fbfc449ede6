import { adminLayoutRoute, adminRoutes } from './routes/admin';
import { customerLayoutRoute, customerRoutes } from './routes/customer';
import { errorRoutes } from './routes/errors';
import { authRoutes } from './routes/placeholders';
import { publicLayoutRoute, publicRoutes } from './routes/public';
import { rootRoute } from './routes/root';

export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([...publicRoutes, ...errorRoutes, ...authRoutes]),
  customerLayoutRoute.addChildren(customerRoutes),
  adminLayoutRoute.addChildren(adminRoutes),
]);
