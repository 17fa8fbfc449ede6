/** Every route path in one place, spelled exactly as docs/rules.md §2 asks (matched case-insensitively). */
export const paths = {
  home: '/',
  about: '/About',
  howItWorks: '/howitworks',
  stations: '/ChargingStations',
  contact: '/ContactUs',
  terms: '/terms',
  charge: '/charge',

  signIn: '/Signin',
  forgetPassword: '/ForgetPassword',
  resetPassword: '/resetPassword',
  signInForget: '/signInForget',
  resetPasswordDone: '/resetPasswordDone',
  linkExpired: '/linkExpired',
  forgetSignin: '/ForgetSignin',
  timedOut: '/timed-out',
  signInUp: '/SignInUp',
  /** Paths the public route list leaves open; chosen here. */
  signUp: '/SignUp',
  verifyEmail: '/verifyEmail',

  error401: '/Error401',
  error403: '/Error403',
  error404: '/Error404',
  error505: '/Error505',

  notifications: '/Notifcation',
  demo: '/demo',
  registerCarInfo: '/registerCarInfo',

  /** Customer area: paths the public route list leaves open; chosen here. */
  customer: {
    profile: '/profile',
    cardRequest: '/card-request',
    /** The customer's charging cards. */
    cards: '/my-cards',
    wallet: '/wallet',
    bookings: '/my-bookings',
    /** A new booking (`?station=` from a station's page) and one booking. */
    newBooking: '/my-bookings/new',
    booking: '/my-bookings/$bookingId',
    /** Receipts: printable, with a PDF download. */
    bookingReceipt: '/my-bookings/$bookingId/receipt',
    sessionReceipt: '/my-sessions/$sessionId/receipt',
    sessions: '/my-sessions',
    /** One session, live. */
    session: '/my-sessions/$sessionId',
    /** Start a charging session by serial number or by station. */
    startCharging: '/start-charging',
  },

  admin: {
    root: '/admin',
    admins: '/admin/admins',
    carBrand: '/admin/masterdata/carbrand',
    carType: '/admin/masterdata/cartype',
    batteryRange: '/admin/masterdata/batteryrange',
    chargerManagement: '/admin/chargerManagement',
    users: '/admin/users',
    contactRequests: '/admin/Contactusrequests',
    cardRequests: '/admin/cardrequests',
    pricing: '/admin/chargerspricingsettings',
    roles: '/admin/roles',
    settings: '/admin/settings',
    countries: '/admin/countries',
    governorates: '/admin/governorates',
    sessions: '/admin/sessions',
    bookings: '/admin/bookings',
    /** The on-call inbox of chargers' faults and silences. */
    alerts: '/admin/Alerts',
    /** Dev mailbox of the embedded profile; not in the public route list (docs/rules.md). */
    mailbox: '/admin/mailbox',
    /** Staff tools, not in the public route list: the event explorer, one event with its chain, a charger's operations view. */
    events: '/admin/events',
    event: '/admin/events/$position',
    chargerOperations: '/admin/chargers/$chargerId/operations',
    chargerDiagnostics: '/admin/chargers/$chargerId/diagnostics',
    /** A charger's Cairo day (events.read); the network's uptime and one station's (analytics.read). */
    chargerDay: '/admin/chargers/$chargerId/day',
    uptime: '/admin/uptime',
    stationUptime: '/admin/uptime/$stationId',
    /** Firmware images and campaigns (firmware.manage); one campaign with each charger's progress. */
    firmware: '/admin/firmware',
    firmwareCampaign: '/admin/firmware/$campaignId',
  },
} as const;

/** Anchor of the app download section on the landing page. */
export const MOBILE_APP_ANCHOR = 'mobile-app';
