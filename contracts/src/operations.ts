import { z } from 'zod';
import { commandResultSchema, pagedSchema } from './api';
import { carOptionViewSchema, carOptionsQuerySchema, governorateViewSchema } from './catalog/views';
import { submitContactRequestSchema } from './contact/schemas';
import {
  nearbyStationsQuerySchema,
  networkStatsSchema,
  pricingViewSchema,
  stationViewSchema,
  stationsQuerySchema,
} from './network/views';
import { ocppFrameSchema, ocppMessagesQuerySchema } from './network/ocpp';
import { chargerCommandViewSchema, ocppCommandsQuerySchema, sendChargerCommandSchema } from './network/charger-commands';
import { pageViewCountSchema, pageViewCountsQuerySchema, pageViewSchema } from './site/schemas';
import type { Privilege } from './identity/privileges';
import {
  banCustomerSchema,
  changePasswordSchema,
  createAdminSchema,
  emailOnlySchema,
  resetPasswordSchema,
  roleSchema,
  setAdminActiveSchema,
  signInSchema,
  signUpSchema,
  tokenSchema,
  updateAdminSchema,
  updateOwnProfileSchema,
  verifyEmailSchema,
} from './identity/schemas';
import {
  addChargerSchema,
  adminListQuerySchema,
  auditEntrySchema,
  auditQuerySchema,
  chargerRefSchema,
  chargerSecretResultSchema,
  countryFormSchema,
  countryViewSchema,
  createMasterDataItemSchema,
  customerAdminViewSchema,
  deleteItemSchema,
  fileInfoSchema,
  governorateAdminViewSchema,
  governorateFormSchema,
  masterDataItemViewSchema,
  pricingChangeViewSchema,
  setPricingWithReasonSchema,
  stationAdminViewSchema,
  stationFormSchema,
  updateChargerSchema,
  updateCountrySchema,
  updateGovernorateSchema,
  updateMasterDataItemSchema,
  updateStationSchema,
} from './admin/index';
import {
  adjustWalletSchema,
  adminSessionsQuerySchema,
  carViewSchema,
  chargerLookupQuerySchema,
  markNotificationsSeenSchema,
  mySessionsQuerySchema,
  notificationsViewSchema,
  paymentViewSchema,
  registerCarSchema,
  sessionAdminDetailViewSchema,
  sessionAdminViewSchema,
  sessionDetailViewSchema,
  sessionRefSchema,
  sessionViewSchema,
  startSessionSchema,
  startTopUpSchema,
  topUpResultSchema,
  walletQuerySchema,
  walletViewSchema,
} from './charging/index';
import { stationViewSchema as chargerStationViewSchema } from './network/views';
import { adminViewSchema, authSessionSchema, customerAccountViewSchema, mailViewSchema, resetLinkStatusSchema, roleViewSchema, sessionUserSchema } from './identity/views';

/**
 * Who may call an operation; the server checks it for every command and query.
 * - public: anyone; authenticated: any signed-in account; customer: a signed-in customer (user type 5);
 * - privilege: a signed-in staff member (user type 1) whose roles carry the privilege.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'customer' }
  | { kind: 'staff' }
  | { kind: 'privilege'; privilege: Privilege };
export const PUBLIC: Access = { kind: 'public' };
const AUTHENTICATED: Access = { kind: 'authenticated' };
const CUSTOMER: Access = { kind: 'customer' };
const privilege = (p: Privilege): Access => ({ kind: 'privilege', privilege: p });
const accepted = z.object({ accepted: z.literal(true) });
/** Any signed-in staff member (user type 1), whatever their privileges: read access to the admin screens. */
const STAFF: Access = { kind: 'staff' };
const adminQuery = (path: string, summary: string, access: Access, input: z.ZodType, output: z.ZodType, params?: z.ZodType): OperationSpec => ({
  kind: 'query',
  method: 'GET',
  path: `/api/queries/admin/${path}`,
  summary,
  access,
  input,
  output,
  ...(params ? { params } : {}),
});
const command = (name: string, summary: string, access: Access, input: z.ZodType, output: z.ZodType = commandResultSchema): OperationSpec => ({
  kind: 'command',
  method: 'POST',
  path: `/api/commands/${name}`,
  summary,
  access,
  input,
  output,
});
const listQuery = z.object({
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  position: z.coerce.number().int().min(0).optional(),
});

export interface OperationSpec {
  kind: 'command' | 'query';
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: Access;
  /** Body (commands) or query string (queries). */
  input?: z.ZodType;
  /** Path parameters, e.g. { id }. */
  params?: z.ZodType;
  output: z.ZodType;
}

/** Every HTTP operation of the API: the server registers these, OpenAPI describes them, the frontend calls them. */
export const operations = {
  'contact-requests.submit': {
    kind: 'command',
    method: 'POST',
    path: '/api/commands/contact-requests.submit',
    summary: 'Submit the public contact form; files a contact request for staff.',
    access: PUBLIC,
    input: submitContactRequestSchema,
    output: commandResultSchema,
  },
  'stations.list': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations',
    summary: 'Stations with their chargers and live connector status; filter by governorate, connector type, power, availability, text.',
    access: PUBLIC,
    input: stationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  },
  'stations.nearby': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations/nearby',
    summary: 'Stations within a radius of a point, nearest first, with distance in metres.',
    access: PUBLIC,
    input: nearbyStationsQuerySchema,
    output: pagedSchema(stationViewSchema),
  },
  'stations.get': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/stations/:stationId',
    summary: 'One station with its chargers and connectors.',
    access: PUBLIC,
    params: z.object({ stationId: z.string().max(64) }),
    output: stationViewSchema,
  },
  'governorates.list': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/governorates',
    summary: 'Active governorates with the number of stations in each.',
    access: PUBLIC,
    output: pagedSchema(governorateViewSchema),
  },
  'catalog.car-options': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/car-options',
    summary: 'Active car brands, car types of a brand, or battery ranges (the car form).',
    access: PUBLIC,
    input: carOptionsQuerySchema,
    output: pagedSchema(carOptionViewSchema),
  },
  'network.stats': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/network-stats',
    summary: 'Network statistics for the landing page.',
    access: PUBLIC,
    output: networkStatsSchema,
  },
  'pricing.current': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/pricing',
    summary: 'Prices in force now (piastres).',
    access: PUBLIC,
    output: pricingViewSchema,
  },
  'site.page-view': {
    kind: 'command',
    method: 'POST',
    path: '/api/page-views',
    summary: 'Record a page view (counted per path and day; not a domain event). Answers 202.',
    access: PUBLIC,
    input: pageViewSchema,
    output: z.object({ accepted: z.literal(true) }),
  },
  'site.page-view-counts': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/page-views',
    summary: 'Page views per path and UTC day, for staff.',
    access: privilege('analytics.read'),
    input: pageViewCountsQuerySchema,
    output: pagedSchema(pageViewCountSchema),
  },
  // Identity and access (issue 4). Sign-in and refresh also set/rotate the httpOnly refresh cookie.
  'auth.sign-up': command('auth.sign-up', 'Customer sign-up; sends a verification mail.', PUBLIC, signUpSchema),
  'auth.verify-email': command('auth.verify-email', 'Confirm an e-mail address with the token from the mail.', PUBLIC, verifyEmailSchema),
  'auth.resend-verification': command('auth.resend-verification', 'Send the verification mail again (always answers accepted).', PUBLIC, emailOnlySchema, accepted),
  'auth.sign-in': command('auth.sign-in', 'Sign in a customer or staff member; answers the session and sets the refresh cookie.', PUBLIC, signInSchema, authSessionSchema),
  'auth.refresh': command('auth.refresh', 'Rotate the refresh cookie and issue a new access token; reuse of an old one revokes the family.', PUBLIC, z.strictObject({}), authSessionSchema),
  'auth.sign-out': command('auth.sign-out', 'Revoke the refresh family and clear the cookie.', PUBLIC, z.strictObject({}), accepted),
  'auth.forgot-password': command('auth.forgot-password', 'Mail a single-use reset link (always answers accepted: no user enumeration).', PUBLIC, emailOnlySchema, accepted),
  'auth.reset-password': command('auth.reset-password', 'Set a new password with a reset link token (single use).', PUBLIC, resetPasswordSchema),
  'account.change-password': command('account.change-password', 'Change your own password; needs the current one.', AUTHENTICATED, changePasswordSchema),
  'account.update-profile': command('account.update-profile', 'Update your own name and language.', AUTHENTICATED, updateOwnProfileSchema),
  'admins.create': command('admins.create', 'Create a staff member with roles.', privilege('admins.write'), createAdminSchema),
  'admins.update': command('admins.update', "Change a staff member's name and roles.", privilege('admins.write'), updateAdminSchema),
  'admins.deactivate': command('admins.deactivate', 'Deactivate a staff member (their tokens stop working).', privilege('admins.write'), setAdminActiveSchema),
  'admins.activate': command('admins.activate', 'Reactivate a staff member.', privilege('admins.write'), setAdminActiveSchema),
  'roles.create': command('roles.create', 'Create a role with privileges.', privilege('roles.write'), roleSchema),
  'roles.update': command('roles.update', "Change a role's name and privileges.", privilege('roles.write'), roleSchema),
  'customers.ban': command('customers.ban', 'Ban a customer, with a reason.', privilege('customers.ban'), banCustomerSchema),
  'customers.unban': command('customers.unban', 'Lift a ban, with a reason.', privilege('customers.ban'), banCustomerSchema),
  'auth.reset-link': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/auth/reset-link',
    summary: 'Whether a reset link token is still usable (for /linkExpired).',
    access: PUBLIC,
    input: z.object({ token: tokenSchema }),
    output: resetLinkStatusSchema,
  },
  'me.get': { kind: 'query', method: 'GET', path: '/api/queries/me', summary: 'The signed-in user.', access: AUTHENTICATED, output: sessionUserSchema },
  'admins.list': { kind: 'query', method: 'GET', path: '/api/queries/admins', summary: 'Staff members.', access: privilege('admins.read'), input: listQuery, output: pagedSchema(adminViewSchema) },
  'roles.list': { kind: 'query', method: 'GET', path: '/api/queries/roles', summary: 'Roles with privileges and assigned admins.', access: privilege('roles.read'), input: listQuery, output: pagedSchema(roleViewSchema) },
  'customers.list': { kind: 'query', method: 'GET', path: '/api/queries/customers', summary: 'Customer accounts with ban state.', access: privilege('customers.read'), input: listQuery, output: pagedSchema(customerAccountViewSchema) },
  'mailbox.list': { kind: 'query', method: 'GET', path: '/api/queries/mailbox', summary: 'Mails kept by the embedded profile (dev mailbox).', access: privilege('mailbox.read'), input: listQuery, output: pagedSchema(mailViewSchema) },
  // The network in the admin panel (issue 5). Updates and deletes carry expectedRevision (409 when stale).
  'masterdata.create': command('masterdata.create', 'Create a car brand, car type or battery range.', privilege('masterdata.write'), createMasterDataItemSchema),
  'masterdata.update': command('masterdata.update', 'Change a master data item (not deactivated while in use).', privilege('masterdata.write'), updateMasterDataItemSchema),
  'masterdata.delete': command('masterdata.delete', 'Delete a master data item (refused while in use).', privilege('masterdata.write'), deleteItemSchema),
  'countries.create': command('countries.create', 'Create a country with its flag.', privilege('masterdata.write'), countryFormSchema),
  'countries.update': command('countries.update', 'Change a country.', privilege('masterdata.write'), updateCountrySchema),
  'governorates.create': command('governorates.create', 'Create a governorate of an active country.', privilege('masterdata.write'), governorateFormSchema),
  'governorates.update': command('governorates.update', 'Change a governorate (not deactivated while stations use it).', privilege('masterdata.write'), updateGovernorateSchema),
  'governorates.delete': command('governorates.delete', 'Delete a governorate (refused while in use).', privilege('masterdata.write'), deleteItemSchema),
  'stations.create': command('stations.create', 'Create a station.', privilege('stations.write'), stationFormSchema),
  'stations.update': command('stations.update', 'Change a station.', privilege('stations.write'), updateStationSchema),
  'stations.delete': command('stations.delete', 'Delete a station and mark its chargers deleted.', privilege('stations.write'), deleteItemSchema),
  'chargers.add': command('chargers.add', "Add a charger to a station; answers its secret key, shown once.", privilege('stations.write'), addChargerSchema, chargerSecretResultSchema),
  'chargers.update': command('chargers.update', 'Change a charger and its connectors.', privilege('stations.write'), updateChargerSchema),
  'chargers.delete': command('chargers.delete', 'Mark a charger deleted (modelState 3): hidden from lists, kept in history, refused by the gateway.', privilege('stations.write'), chargerRefSchema),
  'chargers.rotate-secret': command('chargers.rotate-secret', "Replace a charger's secret key; answers the new key, shown once.", privilege('stations.write'), chargerRefSchema, chargerSecretResultSchema),
  'chargers.send-command': command(
    'chargers.send-command',
    'Send an OCPP command to a charger (Reset, UnlockConnector, ChangeAvailability, TriggerMessage, GetConfiguration, ChangeConfiguration); idempotent on commandId. The outcome shows in ocpp.commands.',
    privilege('stations.write'),
    sendChargerCommandSchema,
  ),
  'pricing.set': command('pricing.set', 'Set the network prices from an effective time, with a reason.', privilege('pricing.write'), setPricingWithReasonSchema),
  'files.upload': {
    kind: 'command',
    method: 'POST',
    path: '/api/files',
    summary: 'Upload a JPG or PNG (≤ 5 MB, checked by content) as multipart/form-data fields `file` and `purpose`; answers its id and checksum. Staff upload any purpose; a customer only `licence` images (private to them and staff with customers.read).',
    access: AUTHENTICATED,
    output: fileInfoSchema,
  },
  'files.get': {
    kind: 'query',
    method: 'GET',
    path: '/api/files/:fileId',
    summary: 'A stored image with its content type and cache headers; flags and station photos are public, licences only for their owner and staff with customers.read.',
    access: PUBLIC,
    params: z.object({ fileId: z.string().regex(/^[a-f0-9]{64}$/) }),
    output: z.unknown(),
  },
  'masterdata.list': adminQuery('masterdata', 'Master data of one kind (car types may be filtered by brand).', STAFF, adminListQuerySchema.extend({ kind: z.enum(['carBrand', 'carType', 'batteryRange']), parentId: z.string().max(64).optional() }), pagedSchema(masterDataItemViewSchema)),
  'countries.list': adminQuery('countries', 'Countries.', STAFF, adminListQuerySchema, pagedSchema(countryViewSchema)),
  'governorates.admin-list': adminQuery('governorates', 'Governorates with station counts.', STAFF, adminListQuerySchema.extend({ countryId: z.string().max(64).optional() }), pagedSchema(governorateAdminViewSchema)),
  'stations.admin-list': adminQuery('stations', 'Stations with chargers (deleted chargers hidden).', STAFF, adminListQuerySchema.extend({ governorateId: z.string().max(64).optional() }), pagedSchema(stationAdminViewSchema)),
  'stations.admin-get': adminQuery('stations/:stationId', 'One station with its chargers.', STAFF, z.object({}), stationAdminViewSchema, z.object({ stationId: z.string().max(64) })),
  'pricing.history': adminQuery('pricing-history', 'Every price change: who, when, old and new, effective time.', STAFF, adminListQuerySchema, pagedSchema(pricingChangeViewSchema)),
  'customers.admin-list': adminQuery('customers', 'Customers with the fields of the customers screen.', privilege('customers.read'), adminListQuerySchema.extend({ banned: z.enum(['true', 'false']).optional() }), pagedSchema(customerAdminViewSchema)),
  'customers.admin-get': adminQuery('customers/:customerId', 'One customer.', privilege('customers.read'), z.object({}), customerAdminViewSchema, z.object({ customerId: z.string().max(64) })),
  'ocpp.messages': adminQuery('ocpp-messages', "A charger's message log: every OCPP frame in and out, newest first (the last 1,000 per charger).", privilege('stations.write'), ocppMessagesQuerySchema, pagedSchema(ocppFrameSchema)),
  'ocpp.commands': adminQuery('ocpp-commands', 'Commands sent to chargers, newest first: status (pending, accepted, rejected, not_supported, offline, timeout, error), the charger\'s answer, who asked and when.', privilege('stations.write'), ocppCommandsQuerySchema, pagedSchema(chargerCommandViewSchema)),
  // Charging sessions, wallet, payments, notifications (issue 7). Customers only ever see their own.
  'sessions.start': command('sessions.start', 'Start charging from the phone: checks balance ≥ minimum charge, connector, ban; sends the remote start. Idempotent on sessionId.', CUSTOMER, startSessionSchema),
  'sessions.stop': command('sessions.stop', 'Stop your session (remote stop); the wallet is debited when the charger reports the stop.', CUSTOMER, sessionRefSchema),
  'sessions.staff-stop': command('sessions.staff-stop', 'Stop any session remotely (operator support).', privilege('stations.write'), sessionRefSchema),
  'wallet.top-up': command('wallet.top-up', 'Start a top-up: answers the checkout URL of the payment provider; the wallet is credited only from the verified callback.', CUSTOMER, startTopUpSchema, topUpResultSchema),
  'wallet.adjust': command('wallet.adjust', "Add to or deduct from a customer's wallet, with a reason (a deduction never takes it below zero).", privilege('wallet.adjust'), adjustWalletSchema),
  'notifications.mark-seen': command('notifications.mark-seen', 'Mark your notifications seen (some or all).', CUSTOMER, markNotificationsSeenSchema),
  'cars.register': command('cars.register', 'Register a car of yours (brand, type, battery range, licence images).', CUSTOMER, registerCarSchema),
  'me.sessions': { kind: 'query', method: 'GET', path: '/api/queries/me/sessions', summary: 'Your charging sessions, newest first.', access: CUSTOMER, input: mySessionsQuerySchema, output: pagedSchema(sessionViewSchema) },
  'me.session': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/me/sessions/:sessionId',
    summary: 'One of your sessions with its meter readings (404 for anyone else\'s).',
    access: CUSTOMER,
    params: z.object({ sessionId: z.uuid() }),
    input: z.object({ position: z.coerce.number().int().min(0).optional() }),
    output: sessionDetailViewSchema,
  },
  'me.wallet': { kind: 'query', method: 'GET', path: '/api/queries/me/wallet', summary: 'Your balance and transactions grouped by day.', access: CUSTOMER, input: walletQuerySchema, output: walletViewSchema },
  'me.payment': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/me/payments/:paymentId',
    summary: 'One of your payments: pending, completed, canceled or failed.',
    access: CUSTOMER,
    params: z.object({ paymentId: z.uuid() }),
    input: z.object({ position: z.coerce.number().int().min(0).optional() }),
    output: paymentViewSchema,
  },
  'me.notifications': { kind: 'query', method: 'GET', path: '/api/queries/me/notifications', summary: 'Your notifications, newest first, with the unseen count.', access: CUSTOMER, input: listQuery, output: notificationsViewSchema },
  'me.cars': { kind: 'query', method: 'GET', path: '/api/queries/me/cars', summary: 'Your cars.', access: CUSTOMER, input: listQuery, output: pagedSchema(carViewSchema) },
  'chargers.lookup': {
    kind: 'query',
    method: 'GET',
    path: '/api/queries/chargers/lookup',
    summary: 'The station of the charger with this serial number (start by serial).',
    access: CUSTOMER,
    input: chargerLookupQuerySchema,
    output: chargerStationViewSchema,
  },
  'sessions.admin-list': adminQuery('sessions', 'Charging sessions (read-only) with filters; the customer link only for staff with customers.read.', privilege('sessions.read'), adminSessionsQuerySchema, pagedSchema(sessionAdminViewSchema)),
  'sessions.admin-get': adminQuery('sessions/:sessionId', 'One session with its meter readings and events.', privilege('sessions.read'), z.object({ position: z.coerce.number().int().min(0).optional() }), sessionAdminDetailViewSchema, z.object({ sessionId: z.uuid() })),
  'wallets.admin-get': adminQuery('customers/:customerId/wallet', "A customer's wallet, the same history the customer sees.", privilege('customers.read'), walletQuerySchema, walletViewSchema, z.object({ customerId: z.string().max(64) })),
  'payments.paymob-callback': {
    kind: 'command',
    method: 'POST',
    path: '/api/payments/paymob/callback',
    summary: "Paymob's transaction-processed callback; verified by HMAC-SHA512 (?hmac=) before anything is recorded.",
    access: PUBLIC,
    output: z.object({ accepted: z.boolean() }),
  },
  'payments.paymob-return': {
    kind: 'query',
    method: 'GET',
    path: '/api/payments/paymob/return',
    summary: "Where Paymob's checkout sends the payer back: verified like the callback, then redirected to the wallet.",
    access: PUBLIC,
    output: z.unknown(),
  },
  'payments.sandbox-checkout': {
    kind: 'query',
    method: 'GET',
    path: '/api/payments/sandbox/:paymentId',
    summary: 'The embedded sandbox provider\'s checkout page: the payer chooses success, cancel or failure.',
    access: PUBLIC,
    params: z.object({ paymentId: z.uuid() }),
    output: z.unknown(),
  },
  'payments.sandbox-complete': {
    kind: 'command',
    method: 'POST',
    path: '/api/payments/sandbox/:paymentId',
    summary: 'The sandbox checkout page\'s form: signs the outcome like a provider callback, then redirects back to the wallet.',
    access: PUBLIC,
    output: z.unknown(),
  },
  'audit.history': adminQuery('audit', "An item's history: events with actor, time, reason and field changes.", privilege('events.read'), auditQuerySchema, pagedSchema(auditEntrySchema)),
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;
export const LIVE_PATH = '/api/live';
export const VERSION_FILE_PATH = '/version.json';
