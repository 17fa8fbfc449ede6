import type { ApiError, FieldError } from '@evc/contracts/shared';

/** A failed API call: the HTTP status plus the server's error body (`{code, message, fieldErrors}`). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];

  constructor(status: number, body: Partial<ApiError> | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code ?? (status >= 500 ? 'server.error' : 'request.invalid');
    this.fieldErrors = Array.isArray(body?.fieldErrors) ? body.fieldErrors : [];
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(response: Response): Promise<Partial<ApiError> | null> {
  try {
    return (await response.json()) as Partial<ApiError>;
  } catch {
    return null; // not JSON (a proxy's HTML page): keep the status only
  }
}

/**
 * How the client reaches the signed-in session without importing the auth feature (set by the app at start).
 * `refresh` resolves to the new access token, or null when the session is over (it has signed out);
 * it rejects on a transient failure (network), leaving the session as it was.
 */
export interface AuthBridge {
  getToken(): string | null;
  /** Expiry of the access token in ms since the epoch, or null when unknown. */
  getExpiry(): number | null;
  refresh(): Promise<string | null>;
}

let bridge: AuthBridge | null = null;
let refreshing: Promise<string | null> | null = null;

/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 30_000;

export function connectAuthBridge(next: AuthBridge | null): void {
  bridge = next;
  refreshing = null;
}

/** Single flight: concurrent callers share one refresh request. */
export function refreshAccessToken(): Promise<string | null> {
  if (!bridge) return Promise.resolve(null);
  const current = bridge;
  refreshing ??= current.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, init: RequestInit, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { ...init, headers });
  } catch {
    throw new ApiRequestError(503, { code: 'server.unavailable', message: 'Network error' });
  }
}

export interface RequestOptions {
  /** false: send no access token and never refresh (auth commands themselves). Default true. */
  auth?: boolean;
  /** How to read a successful answer: JSON (default) or a Blob (CSV exports, images). */
  as?: 'json' | 'blob';
}

/** Any request with the session's token and the refresh-once retry (admin uploads and exports build on it). */
export async function apiRequest<T>(path: string, init: RequestInit, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth !== false && bridge !== null;
  let token = useAuth ? (bridge?.getToken() ?? null) : null;
  if (token) {
    const expiry = bridge?.getExpiry() ?? null;
    if (expiry !== null && expiry - Date.now() < REFRESH_AHEAD_MS) {
      try {
        token = await refreshAccessToken();
      } catch {
        // transient: try with the token we have; a 401 below refreshes again
      }
    }
  }
  let response = await send(path, init, token);
  if (response.status === 401 && token) {
    const body = await readBody(response);
    // an expired token, or one issued before the account changed (a password change on this device, a new role: the
    // server's access version moved on) is refreshed; the refresh itself answers 401 when this sign-in is over
    if (body?.code !== 'auth.unauthenticated' && body?.code !== 'identity.session_expired') throw new ApiRequestError(401, body);
    // another request may have refreshed meanwhile; otherwise refresh once and retry once
    const latest = bridge?.getToken() ?? null;
    let next: string | null;
    try {
      next = latest && latest !== token ? latest : await refreshAccessToken();
    } catch {
      throw new ApiRequestError(401, body);
    }
    if (!next) throw new ApiRequestError(401, body);
    response = await send(path, init, next);
  }
  if (!response.ok) throw new ApiRequestError(response.status, await readBody(response));
  if (response.status === 204) return undefined as T;
  if (options.as === 'blob') return (await response.blob()) as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> =>
  apiRequest<T>(withQuery(path, params), { method: 'GET', signal });

export const apiPost = <T>(path: string, body: unknown, options?: RequestOptions): Promise<T> =>
  apiRequest<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }, options);
