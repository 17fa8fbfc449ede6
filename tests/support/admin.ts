import { deflateSync, crc32 } from 'node:zlib';
import type { ApiError, CommandResult, FileInfo } from '@evc/contracts';
import { bearer, type TestApp } from './app';
import { command, superAdminToken } from './identity';

/** A valid PNG of width×height pixels of one colour (signature, IHDR, IDAT, IEND with CRCs), built in memory. */
export function tinyPng(width = 2, height = 2, rgb: [number, number, number] = [200, 16, 46]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/files as a browser form does (multipart/form-data with `file` and `purpose`). */
export async function upload(app: TestApp, token: string | null, bytes: Buffer, options: { purpose?: string; filename?: string; type?: string } = {}) {
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
  const res = await fetch(`${app.baseUrl}/api/queries/admin/${path}${position ? `${sep}position=${position}` : ''}`, { headers: bearer(token) });
  // Keep a byte order mark (CSV exports start with one): fetch's text() would drop it.
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { status: res.status, headers: res.headers, bytes, text, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T & ApiError };
}

export { superAdminToken };
