import type { z } from 'zod';

/** Stable error codes that cross the wire; the frontend turns each into English or Arabic. */
export const ERROR_CODES = [
  'request.invalid',
  'request.malformed_json',
  'request.too_large',
  'request.unsupported_media_type',
  /** A client-chosen id (command, session, payment, adjustment…) sent again with a different payload: 409. */
  'request.duplicate_id',
  'auth.unauthenticated',
  'auth.forbidden',
  'not_found',
  'concurrency.conflict',
  'server.error',
  'server.unavailable',
  'catalog.country_exists',
  'catalog.governorate_exists',
  'catalog.item_exists',
  'catalog.parent_not_found',
  'network.station_exists',
  'network.station_not_found',
  'network.charger_exists',
  'network.governorate_not_found',
  'contact.request_exists',
  'identity.email_exists',
  'identity.invalid_credentials',
  'identity.email_not_verified',
  'identity.account_banned',
  'identity.account_inactive',
  'identity.too_many_attempts',
  'identity.old_password_incorrect',
  'identity.link_expired',
  'identity.session_expired',
  'identity.role_not_found',
  'identity.role_exists',
  'identity.admin_not_found',
  'identity.customer_not_found',
  'catalog.in_use',
  'catalog.country_inactive',
  'catalog.item_not_found',
  'network.charger_not_found',
  'network.charger_deleted',
  'files.too_large',
  'files.unsupported_type',
  'files.missing',
  'files.not_found',
  'charging.insufficient_balance',
  'charging.charger_offline',
  'charging.connector_unavailable',
  'charging.connector_busy',
  'charging.car_not_found',
  'charging.session_not_found',
  'charging.session_not_active',
  'charging.active_session_exists',
  'wallet.insufficient_balance',
  'payments.payment_not_found',
  'payments.provider_unavailable',
  'payments.invalid_callback',
  'cards.request_not_found',
  'cards.request_exists',
  'cards.open_request_exists',
  'cards.transition_not_allowed',
  'cards.card_exists',
  'cards.card_not_found',
  /** Too many `card-requests.link` attempts by one customer: 429 with Retry-After. */
  'cards.too_many_attempts',
  'contact.request_not_found',
  'contact.request_closed',
  'contact.reply_not_found',
  'demo.unavailable',
  'demo.not_running',
  'demo.rate_limited',
  /** Another visitor started the running demonstration: only they walk it. */
  'demo.not_yours',
  /** Every demo charger is held by a simulator or a real charger: the demonstration does not take them over. */
  'demo.chargers_busy',
  'events.event_not_found',
  'wallet.transaction_not_found',
  'booking.booking_not_found',
  'booking.slot_taken',
  'booking.no_connector',
  'booking.active_booking_exists',
  'booking.start_in_past',
  'booking.too_far_ahead',
  'booking.insufficient_balance',
  'booking.not_open',
  'booking.already_started',
  'booking.connector_booked',
  'booking.fee_too_high',
  /** A receipt is issued once a session is billed, or once a booking ended and its fee was charged. */
  'receipt.not_ready',
  'catalog.name_exists',
  'charging.car_exists',
  'diagnostics.request_not_found',
  /** The charger has a diagnostics request still open (not uploaded, failed or expired). */
  'diagnostics.request_open',
  /** The upload URL is unknown, spent, expired or another charger's (all answer alike: nothing to learn). */
  'diagnostics.upload_refused',
  /** Another upload on the same URL is under way. */
  'diagnostics.upload_busy',
  'diagnostics.too_large',
  'diagnostics.file_not_found',
  'alerts.alert_not_found',
  /** Acknowledging, noting or resolving an alert that is already resolved. */
  'alerts.alert_resolved',
  'uptime.maintenance_not_found',
  'uptime.maintenance_exists',
  'uptime.maintenance_started',
  'uptime.maintenance_in_past',
  'firmware.file_not_found',
  'firmware.charger_not_found',
  'firmware.campaign_not_found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One invalid field: a dotted path, a zod issue code (e.g. too_small), and the limits involved. */
export interface FieldError {
  path: string;
  code: string;
  params?: Record<string, string | number>;
}

export interface ApiError {
  code: ErrorCode;
  /** English, for logs and API users; the UI shows the translated code instead. */
  message: string;
  fieldErrors?: FieldError[];
}

/** HTTP status for each error family. */
export function statusOf(code: ErrorCode): number {
  if (code.startsWith('request.')) {
    if (code === 'request.duplicate_id') return 409;
    if (code === 'request.too_large') return 413;
    if (code === 'request.unsupported_media_type') return 415;
    return 400;
  }
  if (code === 'auth.unauthenticated' || code === 'identity.invalid_credentials' || code === 'identity.session_expired') return 401;
  if (code === 'identity.account_banned' || code === 'identity.account_inactive' || code === 'identity.email_not_verified') return 403;
  if (code === 'identity.too_many_attempts' || code === 'cards.too_many_attempts' || code === 'demo.rate_limited') return 429;
  if (code === 'files.too_large') return 413;
  if (code === 'diagnostics.too_large') return 413;
  if (code === 'diagnostics.request_open' || code === 'diagnostics.upload_busy') return 409;
  if (code === 'diagnostics.upload_refused') return 404;
  if (code === 'files.unsupported_type') return 415;
  if (code === 'files.missing') return 400;
  if (code === 'payments.invalid_callback') return 400;
  if (code === 'payments.provider_unavailable') return 503;
  if (code === 'auth.forbidden' || code === 'demo.not_yours') return 403;
  if (code === 'demo.chargers_busy') return 409;
  if (code === 'not_found' || code.endsWith('_not_found')) return 404;
  if (code === 'concurrency.conflict' || code.endsWith('_exists')) return 409;
  if (code === 'server.unavailable') return 503;
  if (code === 'server.error') return 500;
  return 422;
}

/** Flattens zod issues to field errors that forms and the API share. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const params: Record<string, string | number> = {};
    const raw = issue as unknown as Record<string, unknown>;
    for (const key of ['minimum', 'maximum', 'expected', 'format', 'origin'] as const) {
      const value = raw[key];
      if (typeof value === 'string' || typeof value === 'number') params[key] = value;
      else if (typeof value === 'bigint') params[key] = Number(value);
    }
    if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(',');
    if (issue.code === 'custom' && typeof issue.params?.code === 'string') {
      return { path: issue.path.join('.'), code: issue.params.code, params };
    }
    return { path: issue.path.join('.'), code: issue.code, params };
  });
}
