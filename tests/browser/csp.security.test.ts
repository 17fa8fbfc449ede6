// In a real browser: the pages run under the strict CSP (the journeys fail on any violation, see
// support/browser.ts), a script injected into a page does not run, and the browser reaches nothing outside 127.0.0.1.
import { expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { LANGS, describeJourney, type PageGlobals } from './support/journey';

describeJourney('content security policy', (journey) => {
  for (const lang of LANGS) {
    it(`${lang}: an injected inline script and an inline event handler do not run; the map page shows without violations`, async () => {
      const page = await journey.open('/', { lang });
      const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      // A second tab of the same context, without the journey's violation check: here the violations are the point.
      const probe = await page.context().newPage();
      await probe.goto(lang === 'ar' ? '/?lang=ar' : '/');
      await probe.locator('main h1').first().waitFor();
      const ran = await probe.evaluate(async () => {
        const w = globalThis as unknown as PageGlobals;
        const { document } = w;
        const script = document.createElement('script');
        script.textContent = 'window.injected = 1';
        document.body.append(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.handler = 1');
        img.src = 'data:,not-an-image';
        document.body.append(img);
        await new Promise((r) => setTimeout(r, 200));
        return { injected: w.injected ?? 0, handler: w.handler ?? 0 };
      });
      expect(ran).toEqual({ injected: 0, handler: 0 });
      const stations = await journey.open('/ChargingStations', { lang });
      await stations.locator('.leaflet-container').first().waitFor();
    });
  }

  // A finished test's context serves the next one (support/journey.ts): it must carry nothing over.
  let used: BrowserContext | undefined;
  it('a journey signs in and leaves storage and cookies behind', async () => {
    const page = await journey.open('/');
    await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals & { localStorage: { setItem(k: string, v: string): void } };
      w.localStorage.setItem('left-behind', '1');
      (w.document as unknown as { cookie: string }).cookie = 'left-behind=1; path=/';
    });
    used = page.context();
  });

  it('the next journey gets that context clean: no storage, no cookies, no other page', async () => {
    const page = await journey.open('/');
    expect(page.context()).toBe(used);
    expect(page.context().pages()).toEqual([page]);
    expect(await page.context().cookies()).toEqual([]);
    const left = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('left-behind'),
    );
    expect(left).toBeNull();
  });

  it('the browser reaches nothing outside 127.0.0.1: another address fails at once, the product answers', async () => {
    const page = await journey.open('/');
    for (const outside of ['https://tile.openstreetmap.org/', 'http://10.9.8.7/']) {
      const probe = await page.context().newPage();
      await expect(probe.goto(outside, { timeout: 5000 })).rejects.toThrow(/ERR_PROXY_CONNECTION_FAILED/);
      await probe.close();
    }
    expect((await page.goto('/About'))?.status()).toBe(200);
  });
});
