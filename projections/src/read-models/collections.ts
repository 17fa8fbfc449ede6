/** Read-model collection names, shared by projections and queries. */
export const RM = {
  stations: 'stations',
  governorates: 'governorates',
  countries: 'countries',
  masterData: 'master_data',
  pricing: 'pricing_history',
  chargerAuth: 'charger_auth',
  contactRequests: 'contact_requests',
  pageViews: 'page_views',
  sessions: 'sessions',
  /** Identity: profiles of every account (me.get), staff, customers, roles, reset-link status. No credentials. */
  accounts: 'accounts',
  admins: 'admins',
  customers: 'customer_accounts',
  roles: 'roles',
  resetLinks: 'reset_links',
} as const;
