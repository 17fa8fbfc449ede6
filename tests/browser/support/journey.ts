// Shared set-up of the browser journeys: one product per file, the run's Chromium, a clean context per page,
// and after every test: no uncaught page errors in any page it opened.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, aroundEach, beforeAll, describe, inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestApp } from '../../support/app';
import { chromiumUnavailableReason, connectChromium, launchChromium, newContext, watchPage } from './browser';
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
  type Tab = { page: Page; errors: string[]; context: BrowserContext; pool: string | null };
  const tabsOfTest = new AsyncLocalStorage<Tab[]>();
  let outsideTests: Tab[] = [];
  /**
   * Contexts a finished test left clean (no pages, cookies, storage or permissions), by locale and time zone, for the
   * next test of the file: a new context costs Chromium a new profile, a new renderer process and a cold cache, which
   * make up most of a journey's browser time. A context with a position (geolocation) is never reused.
   */
  const idle = new Map<string, BrowserContext[]>();
  const journey: Journey = {
    get app() {
      if (!app) throw new Error('the app is not started');
      return app;
    },
    async open(path, options = {}) {
      if (!browser || !app) throw new Error('the browser is not started');
      const lang = options.lang ?? 'en';
      const locale = lang === 'ar' ? 'ar-EG' : 'en-GB';
      const pool = options.geolocation ? null : `${locale} ${options.timezoneId ?? ''}`;
      const context =
        (pool && idle.get(pool)?.pop()) ||
        (await newContext(browser, app.baseUrl, { locale, geolocation: options.geolocation, timezoneId: options.timezoneId }));
      const page = await context.newPage();
      const tab: Tab = { page, errors: watchPage(page), context, pool };
      (tabsOfTest.getStore() ?? outsideTests).push(tab);
      if (options.viewport) await page.setViewportSize(options.viewport);
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
        const urls = tabs.map((t) => t.page.url());
        await Promise.all([...new Map(tabs.map((t) => [t.context, t.pool])).entries()].map(([c, pool]) => release(c, pool)));
        tabs.forEach((t, i) => context.expect(t.errors, `uncaught errors on ${urls[i]}`).toEqual([]));
      }
    });
    body(journey);
  });

  /** Leaves `context` clean for the next test (see `idle`), or closes it when that cannot be made sure of. */
  async function release(context: BrowserContext, pool: string | null): Promise<void> {
    try {
      const pages = context.pages();
      const home = pool && app ? pages.find((p) => p.url().startsWith(`${app!.baseUrl}/`)) : undefined;
      if (!home || !app) throw new Error('not reusable');
      const cdp = await context.newCDPSession(home);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: app.baseUrl,
        storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
      await cdp.detach();
      await Promise.all(pages.map((p) => p.close()));
      await Promise.all([context.clearCookies(), context.clearPermissions()]);
      if (context.pages().length > 0) throw new Error('a page opened meanwhile');
      idle.set(pool!, [...(idle.get(pool!) ?? []), context]);
    } catch {
      await context.close().catch(() => undefined);
    }
  }
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
