/** Read-model collection names, shared by projections and queries. */
export const RM = {
  stations: 'stations',
  governorates: 'governorates',
  countries: 'countries',
  masterData: 'master_data',
  /** Who uses a catalog item (one document per use); the item keeps the counts. */
  catalogUsage: 'catalog_usage',
  pricing: 'pricing_history',
  chargerAuth: 'charger_auth',
  /** Chargers as staff see them (SIM data, modelState); the public view is inside `stations`. */
  chargers: 'chargers',
  contactRequests: 'contact_requests',
  pageViews: 'page_views',
  /** Every OCPP frame in and out, the newest OCPP_LOG_CAP per charger (from the bus topic ocpp.frames). */
  ocppMessages: 'ocpp_messages',
  /** Staff commands to chargers (OCPP outbound) with their outcome, from charger-command-<id> streams. */
  ocppCommands: 'ocpp_commands',
  sessions: 'sessions',
  /** Identity: profiles of every account (me.get), staff, customers, roles, reset-link status. No credentials. */
  accounts: 'accounts',
  admins: 'admins',
  customers: 'customer_accounts',
  roles: 'roles',
  resetLinks: 'reset_links',
} as const;
