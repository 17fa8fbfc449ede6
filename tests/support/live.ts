import { expect } from 'vitest';
import type { LiveChange } from '@evc/contracts';
import { bearer, type TestApp } from './app';

/** Reads an SSE response with fetch (as the frontend does for /api/live/me) and keeps every change it carried. */
export async function openLiveStream(app: TestApp, path: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(app.baseUrl + path, { headers: bearer(token), signal: controller.signal });
  const changes: LiveChange[] = [];
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, i)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buffer = buffer.slice(i + 2);
            if (data) changes.push(JSON.parse(data.slice(6)) as LiveChange);
          }
        }
      } catch {
        // aborted
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return { status: res.status, changes, close: () => controller.abort() };
}

/** As openLiveStream, for a stream the caller may open: it answers 200. */
export async function openAllowedLiveStream(app: TestApp, path: string, token?: string) {
  const stream = await openLiveStream(app, path, token);
  expect(stream.status).toBe(200);
  return stream;
}
