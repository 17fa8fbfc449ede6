import { MOBILE_APP_ANCHOR, paths } from './paths';

export interface NavItem {
  to: string;
  hash?: string;
  search?: Record<string, string>;
  labelId: string;
  /** A count shown beside the label (the unseen notifications); hidden when 0 or absent. */
  badge?: number;
}

/** Header and footer links (docs/rules.md §2). */
export const mainNav: NavItem[] = [
  { to: paths.home, labelId: 'nav.home' },
  { to: paths.about, labelId: 'nav.about' },
  { to: paths.stations, labelId: 'nav.stations' },
  { to: paths.howItWorks, labelId: 'nav.howItWorks' },
  { to: paths.home, hash: MOBILE_APP_ANCHOR, labelId: 'nav.mobileApp' },
  { to: paths.customer.cardRequest, labelId: 'nav.cardRequest' },
  { to: paths.contact, labelId: 'nav.contact' },
];

export const accountNav: NavItem[] = [
  { to: paths.notifications, labelId: 'nav.notifications' },
  { to: paths.customer.profile, labelId: 'nav.profile' },
  { to: paths.signInUp, labelId: 'nav.signIn' },
];

/** The header's account links when signed in: customers see their profile, staff the admin panel. */
export const signedInNav = (staff: boolean): NavItem[] =>
  staff
    ? [{ to: paths.admin.root, labelId: 'nav.admin' }]
    : [
        { to: paths.notifications, labelId: 'nav.notifications' },
        { to: paths.customer.profile, labelId: 'nav.profile' },
      ];

/** Footer links; the account links follow the sign-in state like the header's. */
export const footerNavFor = (account: NavItem[]): NavItem[] => [
  ...mainNav,
  { to: paths.contact, search: { type: 'inquiry' }, labelId: 'nav.help' },
  { to: paths.terms, labelId: 'nav.terms' },
  ...account,
];
