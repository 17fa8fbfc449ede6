import type { operations, LIVE_PATH, VERSION_FILE_PATH } from '@evc/contracts/operations';
import type { CLIENT_CONFIG_PATH } from '@evc/contracts/site/schemas';

type PathOf<K extends keyof typeof operations> = (typeof operations)[K]['path'];

/**
 * API paths of contracts/operations.ts. Typed against the contract (a changed path fails tsc) but written
 * as literals so the landing page's bundle does not pull every zod schema through `operations`.
 */
export const endpoints = {
  submitContact: '/api/commands/contact-requests.submit' satisfies PathOf<'contact-requests.submit'>,
  stations: '/api/queries/stations' satisfies PathOf<'stations.list'>,
  nearby: '/api/queries/stations/nearby' satisfies PathOf<'stations.nearby'>,
  station: (stationId: string) =>
    ('/api/queries/stations/:stationId' satisfies PathOf<'stations.get'>).replace(':stationId', encodeURIComponent(stationId)),
  governorates: '/api/queries/governorates' satisfies PathOf<'governorates.list'>,
  networkStats: '/api/queries/network-stats' satisfies PathOf<'network.stats'>,
  pricing: '/api/queries/pricing' satisfies PathOf<'pricing.current'>,
  pageViews: '/api/page-views' satisfies PathOf<'site.page-view'>,
  live: '/api/live' satisfies typeof LIVE_PATH,
  version: '/version.json' satisfies typeof VERSION_FILE_PATH,
  config: '/api/config' satisfies typeof CLIENT_CONFIG_PATH,
  auth: {
    signUp: '/api/commands/auth.sign-up' satisfies PathOf<'auth.sign-up'>,
    verifyEmail: '/api/commands/auth.verify-email' satisfies PathOf<'auth.verify-email'>,
    resendVerification: '/api/commands/auth.resend-verification' satisfies PathOf<'auth.resend-verification'>,
    signIn: '/api/commands/auth.sign-in' satisfies PathOf<'auth.sign-in'>,
    refresh: '/api/commands/auth.refresh' satisfies PathOf<'auth.refresh'>,
    signOut: '/api/commands/auth.sign-out' satisfies PathOf<'auth.sign-out'>,
    forgotPassword: '/api/commands/auth.forgot-password' satisfies PathOf<'auth.forgot-password'>,
    resetPassword: '/api/commands/auth.reset-password' satisfies PathOf<'auth.reset-password'>,
    resetLink: '/api/queries/auth/reset-link' satisfies PathOf<'auth.reset-link'>,
  },
  account: {
    changePassword: '/api/commands/account.change-password' satisfies PathOf<'account.change-password'>,
    updateProfile: '/api/commands/account.update-profile' satisfies PathOf<'account.update-profile'>,
    me: '/api/queries/me' satisfies PathOf<'me.get'>,
  },
  admins: {
    list: '/api/queries/admins' satisfies PathOf<'admins.list'>,
    create: '/api/commands/admins.create' satisfies PathOf<'admins.create'>,
    update: '/api/commands/admins.update' satisfies PathOf<'admins.update'>,
    deactivate: '/api/commands/admins.deactivate' satisfies PathOf<'admins.deactivate'>,
    activate: '/api/commands/admins.activate' satisfies PathOf<'admins.activate'>,
  },
  roles: {
    list: '/api/queries/roles' satisfies PathOf<'roles.list'>,
    create: '/api/commands/roles.create' satisfies PathOf<'roles.create'>,
    update: '/api/commands/roles.update' satisfies PathOf<'roles.update'>,
  },
  customers: {
    list: '/api/queries/customers' satisfies PathOf<'customers.list'>,
    ban: '/api/commands/customers.ban' satisfies PathOf<'customers.ban'>,
    unban: '/api/commands/customers.unban' satisfies PathOf<'customers.unban'>,
  },
  mailbox: '/api/queries/mailbox' satisfies PathOf<'mailbox.list'>,
};
