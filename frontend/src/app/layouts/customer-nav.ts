// i18n-catalog: app — these labels render only in the customer area, whose route loads the app catalog first.
import { paths } from '../../config/paths';
import type { NavItem } from '../../config/nav-items';

export const customerNav: NavItem[] = [
  { to: paths.customer.profile, labelId: 'nav.profile' },
  { to: paths.customer.cardRequest, labelId: 'nav.cardRequest' },
  { to: paths.customer.cards, labelId: 'cards.cards.title' },
  { to: paths.registerCarInfo, labelId: 'page.registerCarInfo' },
  { to: paths.customer.wallet, labelId: 'page.wallet' },
  { to: paths.customer.bookings, labelId: 'page.bookings' },
  { to: paths.customer.startCharging, labelId: 'charging.start.title' },
  { to: paths.customer.sessions, labelId: 'page.sessions' },
  { to: paths.notifications, labelId: 'nav.notifications' },
];
