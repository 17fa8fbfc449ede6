import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser journeys cannot run here, or null. They never download a browser. */
export function chromiumUnavailableReason(): string | null {
  if (!existsSync(CHROMIUM)) return `Debian's chromium is not installed at ${CHROMIUM} (apt-get install -y chromium; .ci/run does it)`;
  return null;
}

/**
 * The pages never reach outside 127.0.0.1: every other address goes to a proxy on a closed local port and fails at
 * once (Chromium never proxies loopback). A flag rather than a route per context: a route sends every request through
 * this process and turns the HTTP cache off, so every page load fetches and compiles the whole frontend again. The GPU
 * thread runs inside the browser process (there is no GPU; one process less to talk to on every frame).
 */
export const BLOCK_OUTSIDE = '--proxy-server=http://127.0.0.1:9';

const LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--in-process-gpu',
    BLOCK_OUTSIDE,
  ],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/**
 * One Chromium for a whole run of the journeys (tests/browser/global-setup.ts starts it): each file connects to it
 * instead of starting its own, and each page still gets its own context (cookies, storage, locale).
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/** A file's connection to the run's Chromium; closing it leaves the Chromium running for the other files. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

export interface ContextOptions {
  locale?: string;
  geolocation?: { latitude: number; longitude: number };
  timezoneId?: string;
  viewport?: { width: number; height: number };
}

/** A browser context on the product at `baseUrl`, in `locale` (default en-GB) and at `viewport` (default a laptop). */
export function newContext(browser: Browser, baseUrl: string, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-GB',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
}

/**
 * Collects what fails a journey on `page`: uncaught page errors, and anything the pages' strict
 * Content-Security-Policy blocks. The browser keeps the page inside 127.0.0.1 (BLOCK_OUTSIDE).
 */
export function watchPage(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** A page in a context of its own that fails the test on uncaught page errors. */
export async function newPage(browser: Browser, baseUrl: string, options: ContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await (await newContext(browser, baseUrl, options)).newPage();
  return { page, errors: watchPage(page) };
}
