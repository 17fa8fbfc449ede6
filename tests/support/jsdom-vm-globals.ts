/**
 * A setup file of the `frontend` test project (vitest.config.ts). Its files run in VM contexts whose globals are
 * jsdom's window plus what Vitest adds from Node (fetch, Response, Headers, AbortController …); jsdom has no web
 * streams, which Node's Response bodies are and which the live-update tests build their event streams from. They
 * come from Node here, the realm the Response they feed belongs to, as they do where each file gets a plain worker.
 */
import * as streams from 'node:stream/web';

const NAMES = [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
] as const;
for (const name of NAMES) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: streams[name], writable: true, configurable: true });
}
