import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS, htmlContentSecurityPolicy } from '@evc/platform/http/security-headers';
import { TEST_ADMIN, startTestApp, type TestApp } from '../support/app';
import { ROOT } from '../support/process';

/** Security headers on every HTML and API response, HSTS and Secure cookies over TLS. */
describe('security headers', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'evc-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    app = await startTestApp({
      frontendDist: dist,
      env: { TRUST_PROXY: '1', MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(app.baseUrl + p, { headers });
  const common = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  };

  it('pages (the SPA fallback too) get a strict CSP: scripts from this origin only, never inline; the tiles allowed', async () => {
    for (const page of ['/', '/ChargingStations', '/admin/users']) {
      const res = await get(page);
      expect(res.headers.get('content-type')).toContain('text/html');
      common(res);
      const csp = res.headers.get('content-security-policy')!;
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(script.trim()).toBe("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tile\.example\.org/);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('static files, API answers and API errors carry them too', async () => {
    const asset = await get('/assets/app.js');
    expect(asset.status).toBe(200);
    common(asset);
    for (const p of ['/api/queries/stations?pageSize=1', '/api/queries/nope', '/api/queries/me']) {
      const res = await get(p);
      common(res);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('the live streams (public and private) carry them too, HSTS over TLS included', async () => {
    const admin = await fetch(`${app.baseUrl}/api/commands/auth.sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, audience: 'staff' }),
    });
    const { token } = (await admin.json()) as { token: string };
    for (const [p, headers] of [
      ['/api/live', {}],
      ['/api/live?collections=stations', { 'x-forwarded-proto': 'https' }],
      ['/api/live/me', { authorization: `Bearer ${token}`, 'x-forwarded-proto': 'https' }],
    ] as const) {
      const controller = new AbortController();
      const res = await fetch(app.baseUrl + p, { headers, signal: controller.signal });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      common(res);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBe('x-forwarded-proto' in headers ? HSTS : null);
      controller.abort();
    }
  });

  it('over TLS (behind the proxy): HSTS, and the refresh cookie is Secure', async () => {
    const res = await get('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
    expect(
      (await get('/api/queries/stations?pageSize=1', { 'x-forwarded-proto': 'https, http' })).headers.get('strict-transport-security'),
    ).toBe(HSTS);
    const signIn = (proto?: string) =>
      fetch(`${app.baseUrl}/api/commands/auth.sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(proto ? { 'x-forwarded-proto': proto } : {}) },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, audience: 'staff' }),
      });
    const secure = (await signIn('https, http')).headers.getSetCookie().find((c) => c.startsWith('evc_refresh='))!;
    expect(secure).toMatch(/;\s*Secure/i);
    const plain = (await signIn()).headers.getSetCookie().find((c) => c.startsWith('evc_refresh='))!;
    expect(plain).not.toMatch(/;\s*Secure/i);
  });

  it("the cluster's nginx sends the same for what it serves itself, and tells the services the scheme", async () => {
    const nginx = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const page = /location \/ \{[\s\S]*?\n {2}\}/.exec(nginx)![0];
    const csp = /Content-Security-Policy "([^"]+)"/.exec(page)![1]!;
    expect(csp).toBe(
      htmlContentSecurityPolicy(null).replace("img-src 'self' data: blob:", "img-src 'self' data: blob: ${MAP_TILE_ORIGIN}"),
    );
    for (const location of ['location = /version.json', 'location /assets/', 'location / ']) {
      const block = nginx.slice(nginx.indexOf(location), nginx.indexOf('\n  }', nginx.indexOf(location)));
      for (const header of [
        'Content-Security-Policy',
        'X-Content-Type-Options "nosniff"',
        'X-Frame-Options "DENY"',
        'Referrer-Policy',
        'Strict-Transport-Security $hsts',
      ])
        expect(block).toContain(header);
    }
    for (const location of ['location /api/live', 'location /ocpp/']) {
      const block = nginx.slice(nginx.indexOf(location), nginx.indexOf('\n  }', nginx.indexOf(location)));
      expect(block).toContain('X-Forwarded-Proto $forwarded_proto');
      expect(block).toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
    }
    expect(await readFile(path.join(ROOT, 'Dockerfile'), 'utf8')).toContain('/etc/nginx/templates/default.conf.template');
  });

  it('the page itself has no inline script', async () => {
    const html = await readFile(path.join(ROOT, 'frontend/index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc=/);
  });
});
