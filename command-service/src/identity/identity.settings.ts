import { AccessTokens } from '@evc/platform/auth/access-tokens';
import type { Config } from '@evc/platform/config/config';
import type { Mailer } from '@evc/platform/mail/mailer';
import { systemClock, type Clock } from '@evc/platform';
import { LoginThrottle } from './login-throttle';

/** What the identity handlers need besides the event store: token issuing, mail, settings, time. */
export interface IdentityDeps {
  tokens: AccessTokens;
  mailer: Mailer;
  clock: Clock;
  throttle: LoginThrottle;
  settings: IdentitySettings;
}

export interface IdentitySettings {
  /** Links in mails start here, e.g. https://evcharging.eg (no trailing slash). */
  publicUrl: string;
  refreshTokenTtlDays: number;
  /** Server-side lifetime of a refresh family opened without remember-me (the cookie itself is a session cookie). */
  sessionRefreshTtlHours: number;
  linkExpiryMinutes: number;
  resendIntervalSeconds: number;
  maxLinkMailsPerDay: number;
}

export const IDENTITY = Symbol('IdentityDeps');

/** The identity settings of the validated configuration. */
export function identitySettingsFrom(
  config: Pick<
    Config,
    'PUBLIC_URL' | 'REFRESH_TOKEN_TTL_DAYS' | 'RESET_LINK_EXPIRY_MINUTES' | 'RESEND_INTERVAL_SECONDS' | 'RESET_MAX_TRIES'
  >,
): IdentitySettings {
  return {
    publicUrl: config.PUBLIC_URL,
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    sessionRefreshTtlHours: 24,
    linkExpiryMinutes: config.RESET_LINK_EXPIRY_MINUTES,
    resendIntervalSeconds: config.RESEND_INTERVAL_SECONDS,
    maxLinkMailsPerDay: config.RESET_MAX_TRIES,
  };
}

/** Everything the identity context needs, from the configuration and the opened adapters. */
export function createIdentityDeps(
  config: Config,
  adapters: { authSecret: string; mailer: Mailer; clock?: Clock; throttle?: LoginThrottle },
): IdentityDeps {
  return {
    tokens: new AccessTokens(adapters.authSecret, config.ACCESS_TOKEN_TTL_SECONDS),
    mailer: adapters.mailer,
    clock: adapters.clock ?? systemClock,
    throttle: adapters.throttle ?? new LoginThrottle(),
    settings: identitySettingsFrom(config),
  };
}
