// The landing page in headless Chromium: initial JavaScript (gzip -9 of the built files), largest contentful
// paint, time to first byte and DOMContentLoaded, in English and Arabic. Writes tests/.artifacts/bench-web.json.
// Figures, not assertions: localhost, no network throttling, no CPU throttling.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { FRONTEND_DIST } from '@evc/launcher';
import { ROOT } from '../support/process';
import { chromiumUnavailableReason, launchChromium, newPage } from '../browser/support/browser';
import { startBrowserApp } from '../browser/support/app';
import { benchOptions } from './options';
import { fmt, percentile } from './stats';

benchOptions('the landing page in headless Chromium: initial JavaScript, largest contentful paint, TTFB, DOMContentLoaded', {});

const LOADS = 7;
const SETTLE_MS = 500;
const BUDGET_KB = 150; // frontend/README.md: the landing page's initial JS stays under 150 KB gzip
const ARTIFACT = path.join(ROOT, 'tests/.artifacts/bench-web.json');
const LANGS = [
  { lang: 'en', url: '/' },
  { lang: 'ar', url: '/?lang=ar' },
] as const;

/** Runs before any page script: keeps the latest largest-contentful-paint candidate. */
const LCP_OBSERVER = `
  globalThis.__lcp = null;
  try {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      if (!last) return;
      const el = last.element;
      globalThis.__lcp = {
        ms: last.startTime,
        size: last.size,
        element: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.textContent ? ' "' + el.textContent.trim().slice(0, 40) + '"' : '') : String(last.url || ''),
      };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) {
    globalThis.__lcp = { error: String(e) };
  }
`;

interface Lcp {
  ms: number;
  size: number;
  element: string;
}

interface Load {
  lcpMs: number;
  lcpElement: string;
  ttfbMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  /** Script URLs requested before the load event, with the bytes the server sent (Resource Timing). */
  scripts: { path: string; encodedBytes: number }[];
  /** JavaScript files whose fetch started before the LCP (adds the lazy route chunk, the Arabic catalog). */
  scriptsBeforeLcp: string[];
}

/** One cold load: a new context (empty cache, no stored locale). */
async function coldLoad(browser: Browser, baseUrl: string, url: string): Promise<Load> {
  const { page, errors } = await newPage(browser, baseUrl);
  try {
    await page.addInitScript(LCP_OBSERVER);
    const scripts: string[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (!loaded && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    // a loaded machine may paint later than SETTLE_MS after the load event: wait for the first candidate, then settle
    // a function predicate: a string one is an eval, which the page's CSP refuses
    await page
      .waitForFunction(() => (globalThis as { __lcp?: unknown }).__lcp !== null, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const lcp = await page.evaluate<Lcp | { error: string } | null>('globalThis.__lcp');
    if (!lcp || 'error' in lcp) throw new Error(`no largest-contentful-paint entry: ${JSON.stringify(lcp)}`);
    const nav = await page.evaluate<{
      ttfb: number;
      dcl: number;
      load: number;
      resources: { path: string; start: number; encoded: number }[];
    }>(`(() => {
      const n = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource').map((r) => ({ path: new URL(r.name).pathname, start: r.startTime, encoded: r.encodedBodySize }));
      return { ttfb: n.responseStart - n.startTime, dcl: n.domContentLoadedEventEnd - n.startTime, load: n.loadEventEnd - n.startTime, resources };
    })()`);
    const encoded = new Map(nav.resources.map((r) => [r.path, r.encoded]));
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return {
      lcpMs: lcp.ms,
      lcpElement: lcp.element,
      ttfbMs: nav.ttfb,
      domContentLoadedMs: nav.dcl,
      loadMs: nav.load,
      scripts: [...new Set(scripts)].map((p) => ({ path: p, encodedBytes: encoded.get(p) ?? 0 })),
      scriptsBeforeLcp: [...new Set(nav.resources.filter((r) => r.path.endsWith('.js') && r.start <= lcp.ms).map((r) => r.path))],
    };
  } finally {
    await page.context().close();
  }
}

async function gzipped(scriptPaths: string[]) {
  const files = [];
  for (const p of scriptPaths) {
    const raw = await readFile(path.join(FRONTEND_DIST, p));
    files.push({ file: p.replace(/^\//, ''), rawBytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length });
  }
  return files.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const summary = (values: number[]) => ({ median: percentile(values, 50), worst: Math.max(...values), samples: values });
const kb = (bytes: number) => fmt(bytes / 1024, 1);

const reason = chromiumUnavailableReason();
if (reason) {
  process.stdout.write(`\n## Landing page in Chromium\n\n[skipped] ${reason}\n`);
  process.exit(0);
}

const app = await startBrowserApp();
const browser = await launchChromium();
try {
  await coldLoad(browser, app.baseUrl, '/'); // warm-up (server JIT, file cache); not counted
  const results = [];
  for (const { lang, url } of LANGS) {
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, app.baseUrl, url));
    const first = loads[0]!;
    const files = await gzipped(first.scripts.map((s) => s.path));
    const toLcp = await gzipped([...new Set([...first.scripts.map((s) => s.path), ...first.scriptsBeforeLcp])]);
    results.push({
      lang,
      url,
      initialJs: {
        files,
        totalRawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
        totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
        servedBytes: first.scripts.reduce((n, s) => n + s.encodedBytes, 0),
      },
      jsBeforeLcp: {
        files: toLcp,
        totalRawBytes: toLcp.reduce((n, f) => n + f.rawBytes, 0),
        totalGzipBytes: toLcp.reduce((n, f) => n + f.gzipBytes, 0),
      },
      lcpMs: summary(loads.map((l) => l.lcpMs)),
      lcpElements: [...new Set(loads.map((l) => l.lcpElement))],
      ttfbMs: summary(loads.map((l) => l.ttfbMs)),
      domContentLoadedMs: summary(loads.map((l) => l.domContentLoadedMs)),
      loadMs: summary(loads.map((l) => l.loadMs)),
    });
  }

  const version = browser.version();
  let out = `\n## Landing page initial JavaScript (scripts requested before the load event, gzip -9 of frontend/dist)\n\n`;
  out += `| page | files | raw | gzip | budget | sent by the server | + JS fetched before the LCP (files, gzip) |\n|---|---|---|---|---|---|---|\n`;
  for (const r of results) {
    const gz = r.initialJs.totalGzipBytes;
    const extra = r.jsBeforeLcp.files.filter((f) => !r.initialJs.files.some((i) => i.file === f.file));
    out += `| \`${r.url}\` | ${r.initialJs.files.length} | ${kb(r.initialJs.totalRawBytes)} KB | **${kb(gz)} KB** | ${gz / 1024 <= BUDGET_KB ? 'within' : 'OVER'} ${BUDGET_KB} KB | ${kb(r.initialJs.servedBytes)} KB${r.initialJs.servedBytes >= r.initialJs.totalRawBytes ? ' (uncompressed)' : ''} | ${extra.map((f) => f.file.replace(/^assets\//, '')).join(', ') || 'none'}: ${kb(r.jsBeforeLcp.totalGzipBytes)} KB in all |\n`;
  }
  for (const r of results) {
    out += `\n\`${r.url}\` (before load; * = fetched after load, before the LCP):\n\n| file | raw | gzip |\n|---|---|---|\n`;
    out +=
      r.jsBeforeLcp.files
        .map(
          (f) =>
            `| ${f.file}${r.initialJs.files.some((i) => i.file === f.file) ? '' : ' *'} | ${kb(f.rawBytes)} KB | ${kb(f.gzipBytes)} KB |`,
        )
        .join('\n') + '\n';
  }
  out += `\n## Landing page timings (headless Chromium ${version}, 127.0.0.1, ${LOADS} cold loads each, new context per load)\n\n`;
  out += `| page | LCP median | LCP worst | TTFB median | TTFB worst | DOMContentLoaded median | DOMContentLoaded worst | load median |\n|---|---|---|---|---|---|---|---|\n`;
  for (const r of results) {
    out += `| ${r.lang} \`${r.url}\` | ${fmt(r.lcpMs.median, 0)} ms | ${fmt(r.lcpMs.worst, 0)} ms | ${fmt(r.ttfbMs.median, 1)} ms | ${fmt(r.ttfbMs.worst, 1)} ms | ${fmt(r.domContentLoadedMs.median, 0)} ms | ${fmt(r.domContentLoadedMs.worst, 0)} ms | ${fmt(r.loadMs.median, 0)} ms |\n`;
  }
  out += `\nLCP element: ${results.map((r) => `${r.lang}: ${r.lcpElements.join(' / ')}`).join('; ')}\n`;
  process.stdout.write(out);

  await mkdir(path.dirname(ARTIFACT), { recursive: true });
  await writeFile(
    ARTIFACT,
    JSON.stringify(
      { at: new Date().toISOString(), chromium: version, loads: LOADS, settleMs: SETTLE_MS, budgetKb: BUDGET_KB, results },
      null,
      2,
    ) + '\n',
  );
  process.stdout.write(`\nwritten ${path.relative(ROOT, ARTIFACT)}\n`);
} finally {
  await browser.close();
  await app.close();
}
