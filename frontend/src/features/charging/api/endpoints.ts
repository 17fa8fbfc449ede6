import type { LIVE_PATH, operations } from '@evc/contracts/operations';

type PathOf<K extends keyof typeof operations> = (typeof operations)[K]['path'];
const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, encodeURIComponent(value));

/**
 * API paths of the customer's charging, wallet, car and notification operations. Typed against the contract (a
 * changed path fails tsc), written as literals so nothing pulls the zod schemas of `operations` into a bundle.
 */
export const chargingEndpoints = {
  startSession: '/api/commands/sessions.start' satisfies PathOf<'sessions.start'>,
  stopSession: '/api/commands/sessions.stop' satisfies PathOf<'sessions.stop'>,
  topUp: '/api/commands/wallet.top-up' satisfies PathOf<'wallet.top-up'>,
  markSeen: '/api/commands/notifications.mark-seen' satisfies PathOf<'notifications.mark-seen'>,
  registerCar: '/api/commands/cars.register' satisfies PathOf<'cars.register'>,
  sessions: '/api/queries/me/sessions' satisfies PathOf<'me.sessions'>,
  session: (sessionId: string) => withParam('/api/queries/me/sessions/:sessionId' satisfies PathOf<'me.session'>, 'sessionId', sessionId),
  wallet: '/api/queries/me/wallet' satisfies PathOf<'me.wallet'>,
  payment: (paymentId: string) => withParam('/api/queries/me/payments/:paymentId' satisfies PathOf<'me.payment'>, 'paymentId', paymentId),
  notifications: '/api/queries/me/notifications' satisfies PathOf<'me.notifications'>,
  cars: '/api/queries/me/cars' satisfies PathOf<'me.cars'>,
  chargerLookup: '/api/queries/chargers/lookup' satisfies PathOf<'chargers.lookup'>,
  pricing: '/api/queries/pricing' satisfies PathOf<'pricing.current'>,
  stations: '/api/queries/stations' satisfies PathOf<'stations.list'>,
  station: (stationId: string) => withParam('/api/queries/stations/:stationId' satisfies PathOf<'stations.get'>, 'stationId', stationId),
  upload: '/api/files' satisfies PathOf<'files.upload'>,
  /** Active car brands, types of a brand and battery ranges (public). */
  catalog: '/api/queries/car-options' satisfies PathOf<'catalog.car-options'>,
  /** The signed-in customer's own change stream (SSE over fetch, bearer token). */
  liveMe: '/api/live/me' satisfies `${typeof LIVE_PATH}/me`,
};
