import type { Page, Request } from 'playwright-core';

/** What `settledPage` answers: a wait for the page to stop loading. */
export interface Settling {
  /**
   * Resolves once none of the page's requests is in flight (its live-update stream aside) through two animation
   * frames in a row, so that data which arrived has been rendered and laid out; answers false when that does not
   * happen within `timeoutMs`.
   */
  settled(timeoutMs?: number): Promise<boolean>;
  /** The addresses still loading (for a message). */
  pending(): string[];
}

/**
 * Follows `page`'s requests from now on. A wait on a condition instead of a fixed sleep: a page whose data is
 * already there is measured at once, and a slow answer is waited for rather than missed.
 */
export function settledPage(page: Page): Settling {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    // the live-update stream (and any socket) stays open for the page's life
    if (request.resourceType() !== 'eventsource' && request.resourceType() !== 'websocket') inFlight.add(request);
  });
  page.on('response', (response) => {
    // a stream read with fetch (the signed-in person's live updates) is open once its headers arrive
    if (/text\/event-stream/i.test(response.headers()['content-type'] ?? '')) inFlight.delete(response.request());
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  // the tests compile without the DOM library: the page's own requestAnimationFrame, typed here
  const frame = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as unknown as { requestAnimationFrame(callback: () => void): number }).requestAnimationFrame(() => resolve()),
        ),
    );
  return {
    async settled(timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      let quietFrames = 0;
      while (Date.now() < until) {
        await frame();
        quietFrames = inFlight.size === 0 ? quietFrames + 1 : 0;
        if (quietFrames >= 2) return true;
      }
      return false;
    },
    pending: () => [...inFlight].map((r) => r.url()),
  };
}
