import { stripedFlagPng } from '@evc/command-service/seed/flag-png';
import type { ApiError, CommandResult, FileInfo } from '@evc/contracts';
import { bearer, type TestApp } from './app';
import { command, superAdminToken } from './identity';

/** A valid PNG of width×height pixels of one colour: the seed's PNG encoder with a single stripe. */
export function tinyPng(width = 2, height = 2, rgb: [number, number, number] = [200, 16, 46]): Buffer {
  return stripedFlagPng([rgb], width, height);
}

/** POST /api/files as a browser form does (multipart/form-data with `file` and `purpose`). */
export async function upload(
  app: TestApp,
  token: string | null,
  bytes: Buffer,
  options: { purpose?: string; filename?: string; type?: string } = {},
) {
  const form = new FormData();
  if (options.purpose !== undefined || !('purpose' in options)) form.set('purpose', options.purpose ?? 'flag');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.filename ?? 'image.png');
  const res = await fetch(`${app.baseUrl}/api/files`, { method: 'POST', body: form, headers: bearer(token) });
  return { status: res.status, body: (await res.json()) as FileInfo & ApiError };
}

/** A command that must succeed; its result (position for read-your-writes). */
export async function must<T = CommandResult>(app: TestApp, name: string, body: unknown, token: string): Promise<T> {
  const res = await command<T & ApiError>(app, name, body, token);
  if (res.status !== 200) throw new Error(`${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** GET an admin query; waits for `position` when given. */
export async function adminGet<T>(app: TestApp, path: string, token: string, position?: number) {
  const sep = path.includes('?') ? '&' : '?';
  const res = await fetch(`${app.baseUrl}/api/queries/admin/${path}${position ? `${sep}position=${position}` : ''}`, {
    headers: bearer(token),
  });
  // Keep a byte order mark (CSV exports start with one): fetch's text() would drop it.
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text,
    body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T & ApiError,
  };
}

export { superAdminToken };
