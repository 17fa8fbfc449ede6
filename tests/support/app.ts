import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { loadConfig } from '@evc/platform/config/config';
import { createEmbeddedApp, type EmbeddedApp } from '@evc/launcher';
import { setLogLevel } from '@evc/platform/logging/logger';

/** The super admin every test app seeds (tests sign in with it to create their own staff). */
export const TEST_ADMIN = { email: 'super.admin@example.com', password: 'Kb7-Harbour-Quill' } as const;
export const TEST_CUSTOMER_PASSWORD = 'Mango-Kite-Dem0';

export interface TestApp {
  embedded: EmbeddedApp;
  baseUrl: string;
  dataDir: string;
  commandBus: CommandBus;
  /** Closes the app; `keepData` leaves the data dir for a restart. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** The whole embedded product on 127.0.0.1 and a free port, with its own temporary data dir. */
export async function startTestApp(
  options: { seed?: boolean; dataDir?: string; env?: Record<string, string>; frontendDist?: string } = {},
): Promise<TestApp> {
  setLogLevel('warn');
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'evc-test-')));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '3000',
    LOG_LEVEL: 'warn',
    SEED_DEMO: options.seed ? 'true' : 'false',
    SEED_ADMIN_EMAIL: TEST_ADMIN.email,
    SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_CUSTOMER_PASSWORD: TEST_CUSTOMER_PASSWORD,
    // The gateway in the test's own process, where tests reach it; ocpp-process.test.ts runs the default (its own process).
    OCPP_GATEWAY: 'inline',
    ...options.env,
  });
  const embedded = await createEmbeddedApp(config, { frontendDist: options.frontendDist ?? path.join(dataDir, 'no-frontend') });
  await embedded.app.listen({ port: 0, host: '127.0.0.1' });
  const address = embedded.app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    embedded,
    dataDir,
    baseUrl: `http://127.0.0.1:${address.port}`,
    commandBus: embedded.app.get(CommandBus),
    async close({ keepData = false } = {}) {
      await embedded.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `Authorization: Bearer <token>`, or nothing. */
export const bearer = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

export async function getJson<T = unknown>(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(baseUrl + path, { headers });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

export async function postJson<T = unknown>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/**
 * The payer's choice on the sandbox checkout page, posted to the checkout URL the top-up answered (it carries the
 * page's capability `t`: nobody else can complete the payment). Answers the HTTP status (303 on success).
 */
export async function checkoutInSandbox(baseUrl: string, checkoutUrl: string, choice: 'pay' | 'fail' = 'pay'): Promise<number> {
  const form = new FormData();
  form.set('choice', choice);
  const res = await fetch(baseUrl + checkoutUrl, { method: 'POST', body: form, redirect: 'manual' });
  return res.status;
}
