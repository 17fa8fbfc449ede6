// Shared set-up of the browser journeys: one product per file, the run's Chromium, a fresh context per page,
// and after every test: no uncaught page errors in any page it opened.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, aroundEach, beforeAll, describe, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestApp } from '../../support/app';
import { chromiumUnavailableReason, connectChromium, launchChromium, newPage } from './browser';
import { startBrowserApp } from './app';

export type Lang = 'en' | 'ar';
export const LANGS: Lang[] = ['en', 'ar'];

export interface OpenOptions {
  lang?: Lang;
  geolocation?: { latitude: number; longitude: number };
  /** The browser's time zone (default: the machine's). */
  timezoneId?: string;
  /** Default 1280 × 900 (a laptop); PHONE is a phone. */
  viewport?: { width: number; height: number };
  /** Runs on the new page before its first navigation (routes, listeners that must see the first document). */
  prepare?: (page: Page) => Promise<void>;
}

export const LAPTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface Journey {
  /** The running product (API, read models, event store). */
  readonly app: TestApp;
  /** A new browser context on `path`; Arabic adds `?lang=ar`. Waits until the page speaks `lang`. */
  open(path: string, options?: OpenOptions): Promise<Page>;
}

/** `describe` with an app and a browser, or `describe.skip` (and a note) when Chromium is not installed. */
export function describeJourney(name: string, body: (journey: Journey) => void): void {
  const reason = chromiumUnavailableReason();
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  // Each test's own tabs, so that tests running at once (it.concurrent) close and check only theirs; a tab opened
  // outside a test (in beforeAll) goes with the next test that ends.
  type Tab = { page: Page; errors: string[] };
  const tabsOfTest = new AsyncLocalStorage<Tab[]>();
  let outsideTests: Tab[] = [];
  const journey: Journey = {
    get app() {
      if (!app) throw new Error('the app is not started');
      return app;
    },
    async open(path, options = {}) {
      if (!browser || !app) throw new Error('the browser is not started');
      const lang = options.lang ?? 'en';
      const tab = await newPage(browser, app.baseUrl, {
        locale: lang === 'ar' ? 'ar-EG' : 'en-GB',
        geolocation: options.geolocation,
        timezoneId: options.timezoneId,
        viewport: options.viewport,
      });
      (tabsOfTest.getStore() ?? outsideTests).push(tab);
      tab.page.setDefaultTimeout(10_000);
      await options.prepare?.(tab.page);
      await tab.page.goto(lang === 'ar' ? withQuery(path, 'lang=ar') : path);
      await tab.page.locator(`html[lang="${lang}"][dir="${lang === 'ar' ? 'rtl' : 'ltr'}"]`).waitFor({ state: 'attached' });
      await tab.page.locator('main h1').first().waitFor();
      return tab.page;
    },
  };
  if (reason) {
    console.warn(`[skipped] ${name}: ${reason}`);
    describe.skip(name, () => body(journey));
    return;
  }
  describe(name, () => {
    beforeAll(async () => {
      // the run's Chromium (global-setup.ts), or one of its own when the file runs outside the `browser` project
      const endpoint = inject('chromiumEndpoint');
      [app, browser] = await Promise.all([startBrowserApp(), endpoint ? connectChromium(endpoint) : launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });
    aroundEach(async (runTest, context) => {
      const own: Tab[] = [];
      try {
        await tabsOfTest.run(own, runTest);
      } finally {
        const tabs = [...own, ...outsideTests];
        outsideTests = [];
        await Promise.all(tabs.map((t) => t.page.context().close()));
        for (const t of tabs) context.expect(t.errors, `uncaught errors on ${t.page.url()}`).toEqual([]);
      }
    });
    body(journey);
  });
}

export const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Eastern Arabic digits of a number written with Western digits. */
export const arabicDigits = (text: string | number) => String(text).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/** A number as the page writes it in `lang` (Western digits in English, Eastern Arabic in Arabic). */
export const localDigits = (text: string | number, lang: Lang) => (lang === 'ar' ? arabicDigits(text) : String(text));

/** Parses a distance such as "2.4 km", "950 m", "٢٫٤ كم" or "٩٥٠ م" into metres. */
export function parseDistance(text: string): number {
  const western = text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/٫/g, '.')
    .replace(/[٬,]/g, '');
  const match = /(\d+(?:\.\d+)?)\s*(km|كم|m|م)(?![a-z])/.exec(western);
  if (!match) throw new Error(`no distance in "${text}"`);
  const value = Number(match[1]);
  return match[2] === 'km' || match[2] === 'كم' ? value * 1000 : value;
}

export async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${String(locator)} is not visible`);
  return b;
}

/** The rectangle of the text inside an element (not of its box): where a reader sees the words. */
export function textBox(locator: Locator): Promise<{ left: number; right: number }> {
  return locator.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left as number, right: r.right as number };
  });
}

/** Waits for `predicate` to hold, polling; returns the last value (for the assertion message). */
export async function eventually<T>(read: () => Promise<T>, predicate: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (predicate(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What page functions use of the browser's globals (the tests compile without the DOM library). */
export interface PageGlobals {
  document: {
    querySelector(selector: string): unknown;
    createElement(tag: string): { textContent: string; src: string; setAttribute(name: string, value: string): void };
    body: { append(node: unknown): void };
  };
  [name: string]: unknown;
}

/**
 * Resolves when Leaflet runs no zoom or pan animation. A function predicate: a string one is evaluated with eval,
 * which the pages' Content-Security-Policy refuses.
 */
export function mapIsStill(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => !(globalThis as unknown as PageGlobals).document.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim'),
  );
}
