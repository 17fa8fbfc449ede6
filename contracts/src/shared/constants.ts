/** Business constants (docs/rules.md §8). */
export const APP_VERSION = '1.11.55';
export const CURRENCY = 'EGP';
export const PIASTRES_PER_EGP = 100;

export const LIMITS = {
  inactivityTimeoutMs: 1_800_000,
  inactivityWarningMs: 60_000,
  imageMaxBytes: 5 * 1024 * 1024,
  passwordMin: 8,
  /** At least 20 characters must fit; 64 lets passphrases fit too (docs/rules.md §5). */
  passwordMax: 64,
  minWalletAmountEgp: 1,
  amountInputCap: 999.9,
  /** One top-up at most (the amount input stops past amountInputCap; 4 digits then fit). */
  topUpMaxEgp: 9_999,
  walletAdjustMaxEgp: 100_000,
  masterDataNameMin: 3,
  masterDataNameMax: 60,
  contactNameMin: 2,
  contactNameMax: 60,
  profileNameMin: 2,
  profileNameMax: 12,
  firstLastNameMax: 20,
  emailMin: 5,
  emailMax: 150,
  phoneDigits: 11,
  phoneMin: 8,
  phoneMax: 11,
  addressMin: 3,
  addressMax: 300,
  contactSubjectMin: 20,
  contactSubjectMax: 200,
  contactDetailsMax: 4000,
  contactReplyMax: 4000,
  contactCommentMax: 2000,
  carLicenceImagesMin: 2,
  pageSizeMax: 100,
} as const;

export const DEFAULT_DRAWER_TAB = '1';

/** Storage keys (docs/rules.md §3). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  expiry: 'tokenExpiry',
  roles: 'roles',
  user: 'user',
  userType: 'userType',
  rememberMe: 'rememberMe',
  locale: 'currentLocale',
} as const;

/** Enum values the landing page needs too, kept free of zod (their schemas import them from here). */
export const CONNECTOR_TYPES = ['Type2', 'CCS2', 'CHAdeMO', 'GBT'] as const;
export const CONTACT_TYPES = ['inquiry', 'suggestion', 'praise', 'complaint'] as const;

export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** `?lang=ar` selects Arabic; any other value selects English (docs/rules.md §1). */
export const localeFromLangParam = (value: string | null | undefined): Locale => (value === 'ar' ? 'ar' : 'en');
