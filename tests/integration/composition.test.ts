import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SessionDetailView, type WalletView } from '@evc/contracts';
import { DEMO_CAR, DEMO_WELCOME_CREDIT, composeCommandService } from '@evc/command-service';
import { composeOcppGateway } from '@evc/ocpp-gateway';
import { Simulator, loadDemoChargers, type SimulatedChargerSpec } from '@evc/simulator';
import { loadConfig } from '@evc/platform/config/config';
import { hostServices, type Compose, type ServiceHost } from '@evc/platform/hosting/host';
import { openInfrastructure, type Infrastructure } from '@evc/platform/infrastructure/infrastructure';
import { setLogLevel } from '@evc/platform/logging/logger';
import { composeProjections } from '@evc/projections';
import { composeQueryService } from '@evc/query-service';
import { TEST_ADMIN, TEST_CUSTOMER_PASSWORD, bearer, getJson, postJson } from '../support/app';

/**
 * Every service composed by the function its cluster entry point (`src/main.ts`) calls, each on
 * its own host and port as in the cluster, sharing the embedded stores in place of EventStoreDB, Kafka and MongoDB.
 * The query side learns the read models' progress from the checkpoint, as in the cluster. A whole charging session
 * runs through them: the seed, the gateway, the command and query services, and the projections.
 */
describe('the four services composed as in the cluster (embedded stores)', () => {
  let dataDir: string;
  let infra: Infrastructure;
  const hosts: Record<string, ServiceHost> = {};
  const url: Record<string, string> = {};
  let simulator: Simulator;
  let charger: SimulatedChargerSpec;

  beforeAll(async () => {
    setLogLevel('warn');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evc-compose-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SEED_ADMIN_EMAIL: TEST_ADMIN.email,
      SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_CUSTOMER_PASSWORD: TEST_CUSTOMER_PASSWORD,
      LOG_LEVEL: 'warn',
    });
    infra = await openInfrastructure(config);
    // The same functions, in the order docker compose starts them; none knows the others.
    const services: [string, Compose][] = [
      ['projections', composeProjections],
      ['query', composeQueryService()],
      ['command', composeCommandService],
      ['gateway', composeOcppGateway],
    ];
    for (const [name, compose] of services) {
      const host = await hostServices(config, [await compose(config, infra)]);
      await host.listen(0, '127.0.0.1');
      const address = host.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      hosts[name] = host;
      url[name] = `http://127.0.0.1:${address.port}`;
    }
    charger = (await loadDemoChargers(dataDir)).find((c) => c.ocppVersion === '1.6')!;
    simulator = new Simulator({
      url: url.gateway!.replace('http', 'ws'),
      chargers: [{ ...charger, maxPowerKw: 1800 }],
      backoffMs: { initial: 100, max: 1000 },
      charging: { meterIntervalS: 1, plugInDelayMs: 300, batteryWh: 400_000, startSocPct: [20, 20] },
    });
    simulator.start();
  }, 90_000);

  afterAll(async () => {
    await simulator?.stop();
    for (const name of ['gateway', 'command', 'query', 'projections']) await hosts[name]?.close();
    await infra?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers health on each host, the way the cluster checks them', async () => {
    expect((await fetch(`${url.command}/api/commands/health`)).status).toBe(200);
    expect((await fetch(`${url.query}/api/health`)).status).toBe(200);
    const projections = await getJson<{ status: string; position: number }>(url.projections!, '/health');
    expect(projections.body.status).toBe('ok');
    expect(projections.body.position).toBeGreaterThan(0);
    await expect
      .poll(async () => (await getJson<{ chargers: number }>(url.gateway!, '/health')).body.chargers, { timeout: 10_000 })
      .toBe(1);
  });

  it('runs a charging session through them, from the seeded credit to the debit', async () => {
    const signedIn = await postJson<{ token: string }>(url.command!, '/api/commands/auth.sign-in', {
      email: 'customer@evcharging.eg',
      password: TEST_CUSTOMER_PASSWORD,
      audience: 'customer',
      rememberMe: false,
    });
    expect(signedIn.status).toBe(200);
    const auth = bearer(signedIn.body.token);
    // The query side reads what the projections wrote (the seed's welcome credit), by way of the checkpoint.
    await expect
      .poll(async () => (await getJson<WalletView>(url.query!, '/api/queries/me/wallet', auth)).body.balance, { timeout: 15_000 })
      .toBe(DEMO_WELCOME_CREDIT);

    const sessionId = randomUUID();
    const started = await postJson<{ position: number }>(
      url.command!,
      '/api/commands/sessions.start',
      { sessionId, chargerId: charger.id, connectorId: 1, carId: DEMO_CAR.carId },
      auth,
    );
    expect(started.status).toBe(200);
    const session = async () => (await getJson<SessionDetailView>(url.query!, `/api/queries/me/sessions/${sessionId}`, auth)).body;
    await expect.poll(async () => (await session()).status, { timeout: 20_000 }).toBe('charging');
    await expect.poll(async () => (await session()).readings?.length ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    expect((await postJson(url.command!, '/api/commands/sessions.stop', { sessionId }, auth)).status).toBe(200);
    await expect.poll(async () => (await session()).billed, { timeout: 20_000 }).toBe(true);
    const done = await session();
    expect(done.cost).toBeGreaterThan(0);
    await expect
      .poll(async () => (await getJson<WalletView>(url.query!, '/api/queries/me/wallet', auth)).body.balance, { timeout: 15_000 })
      .toBe(DEMO_WELCOME_CREDIT - done.cost!);
  }, 120_000);
});
