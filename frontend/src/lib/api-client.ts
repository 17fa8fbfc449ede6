import type { ApiError, FieldError } from '@evc/contracts/errors';

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

async function readError(response: Response): Promise<never> {
  let body: Partial<ApiError> | null;
  try {
    body = (await response.json()) as Partial<ApiError>;
  } catch {
    body = null; // not JSON (a proxy's HTML page): keep the status only
  }
  throw new ApiRequestError(response.status, body);
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiRequestError(503, { code: 'server.unavailable', message: 'Network error' });
  }
  if (!response.ok) return readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> =>
  request<T>(withQuery(path, params), { method: 'GET', signal });

export const apiPost = <T>(path: string, body: unknown): Promise<T> =>
  request<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
