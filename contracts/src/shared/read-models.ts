/**
 * Every read-model collection, named once: projections write them, queries read them, the live streams name them
 * in each change (`{ collection, ids, position }`), and the frontend maps them to the queries a change refreshes.
 * Plain constants without imports, so the browser takes this file without zod or the contracts barrel.
 */
export const READ_MODELS = {
  // identity
  /** Profiles of every account (me.get); no credentials. */
  accounts: 'accounts',
  admins: 'admins',
  customers: 'customer_accounts',
  customerProfiles: 'customer_profiles',
  roles: 'roles',
  resetLinks: 'reset_links',
  /** What the query side's guard compares a token with: access version, banned, active, roles. */
  accountAccess: 'account_access',
  /** Refresh families that were signed out or revoked. */
  endedSignIns: 'ended_sign_ins',
  // network
  stations: 'stations',
  /** Chargers as staff see them (SIM data, modelState); the public view is inside `stations`. */
  chargers: 'chargers',
  chargerAuth: 'charger_auth',
  pricing: 'pricing_history',
  // catalog
  countries: 'countries',
  governorates: 'governorates',
  masterData: 'master_data',
  /** Who uses a catalog item (one document per use); the item keeps the counts. */
  catalogUsage: 'catalog_usage',
  // chargers-live
  /** Staff commands to chargers (OCPP outbound) with their outcome. */
  ocppCommands: 'ocpp_commands',
  /** Every OCPP frame in and out, the newest few per charger (fed from the bus, not the event log). */
  ocppMessages: 'ocpp_messages',
  // charging
  /** One document per session: the detail view with readings and timeline, plus the customer. */
  sessions: 'sessions',
  cars: 'cars',
  /** Derived notifications of every context: one per source event, `_id` = the source event id. */
  notifications: 'notifications',
  // wallet
  /** One document per customer: balance and transaction count. */
  wallets: 'wallets',
  /** One document per wallet transaction. */
  walletTransactions: 'wallet_transactions',
  payments: 'payments',
  // bookings
  bookings: 'bookings',
  // cards
  /** One document per card request (the staff view with its timeline). */
  cardRequests: 'card_requests',
  /** One document per card (its ID), with owner and status. */
  cards: 'cards',
  // contact
  contactRequests: 'contact_requests',
  // site
  /** Page views per path and Cairo day (fed from the bus, not the event log). */
  pageViews: 'page_views',
  // smart-charging
  /** One document per station: its grid limit, who set it, and the last sharing of it. */
  siteLoad: 'site_load',
  /** The station's drawn power and limit, one document per station and minute, the newest hours only. */
  siteLoadPoints: 'site_load_points',
  /** One document per session: its station, latest power and allotted share (the driver's view). */
  sessionPower: 'session_power',
  // diagnostics
  /** One document per diagnostics request (its status and file); never the upload token. */
  diagnosticsRequests: 'diagnostics_requests',
  // alerts
  /** One document per alert: the on-call inbox with each alert's history and notes. */
  alerts: 'alerts',
  /** One document per staff member: the stations and governorates whose alerts they are mailed. */
  alertSubscriptions: 'alert_subscriptions',
  // uptime
  /** Charger presence and connector statuses, one document per event (what availability is computed from). */
  uptimeSignals: 'uptime_signals',
  /** One document per station: its target and declared maintenance. */
  uptimeStations: 'uptime_stations',
  // firmware
  /** Uploaded firmware images (no bytes: those are in the file store). */
  firmwareFiles: 'firmware_files',
  /** One document per campaign, with each charger's progress. */
  firmwareCampaigns: 'firmware_campaigns',
} as const;

/** A read model's collection name, as the live streams send it. */
export type ReadModelName = (typeof READ_MODELS)[keyof typeof READ_MODELS];

/** Every collection name, for checks that a name one side uses is one the other knows. */
export const READ_MODEL_NAMES: readonly ReadModelName[] = Object.values(READ_MODELS);

export const isReadModelName = (name: string): name is ReadModelName => (READ_MODEL_NAMES as readonly string[]).includes(name);

/**
 * The read models `/api/live` carries: the ones the public pages follow. Every other change goes, if to anyone, on
 * `/api/live/me` (a customer's own changes; staff by privilege).
 */
export const PUBLIC_LIVE_READ_MODELS: readonly ReadModelName[] = [READ_MODELS.stations, READ_MODELS.governorates, READ_MODELS.pricing];
