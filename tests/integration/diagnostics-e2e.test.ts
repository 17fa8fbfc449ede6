import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargerCommandView, DiagnosticsRequestView, DiagnosticsText, Paged } from '@evc/contracts';
import { DIAGNOSTICS_SETTINGS, type DiagnosticsSettings } from '@evc/command-service/diagnostics/index';
import { Simulator, type SimulatedCharger } from '@evc/simulator';
import { adminGet, must, superAdminToken } from '../support/admin';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { until } from '../support/charging-story';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';

/** Small enough that a test sends more than it without sending much. */
const MAX_BYTES = 4096;

/**
 * A diagnostics round trip with simulated chargers of both protocols (1.6 posts multipart, 2.0.1 puts raw bytes), and
 * the upload URL's rules: once, only for its charger, size-limited while streaming, one of twenty at once.
 */
describe('diagnostics: ask a charger, it uploads, staff read the file', () => {
  let app: TestApp;
  let token: string;
  let simulator: Simulator;
  const chargers: { chargerId: string; secret: string; version: '1.6' | '2.0.1' }[] = [];

  beforeAll(async () => {
    app = await startTestApp({ env: { DIAGNOSTICS_MAX_BYTES: String(MAX_BYTES) } });
    // The port is known only now: the URLs chargers get point here.
    app.embedded.app.get<DiagnosticsSettings>(DIAGNOSTICS_SETTINGS).uploadBaseUrl = app.baseUrl;
    await givenGovernorate(app.commandBus);
    const station = aStation();
    await registerStation(app.commandBus, station);
    for (const version of ['1.6', '2.0.1'] as const) {
      const { chargerId, secret } = await registerCharger(app.commandBus, station.stationId, { ocppVersion: version });
      chargers.push({ chargerId, secret, version });
    }
    token = await superAdminToken(app);
    simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: chargers.map((c) => ({ id: c.chargerId, secret: c.secret, ocppVersion: c.version, connectorIds: [1] })),
      backoffMs: { initial: 100, max: 1000 },
    });
    simulator.start();
    await until(
      () => simulator.stats().connected,
      (n) => n === 2,
      'both chargers connected',
    );
  });
  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
  });

  const requests = async (chargerId: string) =>
    (await adminGet<Paged<DiagnosticsRequestView>>(app, `diagnostics?chargerId=${chargerId}`, token)).body.dataList;
  const simulated = (chargerId: string): SimulatedCharger => simulator.chargers.find((c) => c.spec.id === chargerId)!;
  const ask = (chargerId: string, requestId = randomUUID()) => must(app, 'diagnostics.request', { requestId, chargerId }, token);

  it('round trip on 1.6 and 2.0.1: the charger uploads, staff see it uploaded, download it and read it as text', async () => {
    for (const { chargerId, version } of chargers) {
      const requestId = randomUUID();
      await ask(chargerId, requestId);
      await expect.poll(async () => (await requests(chargerId))[0]?.status, { timeout: 10_000 }).toBe('uploaded');
      const [request] = await requests(chargerId);
      expect(request).toMatchObject({ requestId, chargerId, commandStatus: 'accepted', failure: null });
      expect(request!.file?.size).toBeGreaterThan(0);
      await expect.poll(async () => (await requests(chargerId))[0]?.chargerStatus, { timeout: 5000 }).toBe('Uploaded');

      const content = simulated(chargerId).diagnostics.contentOf(
        version === '1.6' ? `diagnostics-${chargerId}.log` : `log-${chargerId}.log`,
      );
      const file = await fetch(`${app.baseUrl}/api/diagnostics/${chargerId}/${requestId}/file`, { headers: bearer(token) });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(file.headers.get('content-type')).toBe('application/octet-stream');
      expect(await file.text()).toBe(content);
      const text = await fetch(`${app.baseUrl}/api/diagnostics/${chargerId}/${requestId}/text`, { headers: bearer(token) });
      expect((await text.json()) as DiagnosticsText).toMatchObject({ binary: false, truncated: false, text: content });

      // The request went as a charger command: in the charger's command history with its OCPP action.
      const commands = (await adminGet<Paged<ChargerCommandView>>(app, `ocpp-commands?chargerId=${chargerId}`, token)).body.dataList;
      expect(commands.find((c) => c.commandId === requestId)).toMatchObject({
        action: 'GetDiagnostics',
        status: 'accepted',
        ocppAction: version === '1.6' ? 'GetDiagnostics' : 'GetLog',
      });
      // The URL is spent: the same upload again is refused.
      const again = await fetch(simulated(chargerId).diagnostics.last!.location, { method: 'PUT', body: 'again' });
      expect(again.status).toBe(404);
    }
  });

  it('an upload URL works once and only for its charger; too large is refused while streaming; of 20 at once one is kept', async () => {
    const [a, b] = chargers as [(typeof chargers)[number], (typeof chargers)[number]];
    simulated(b.chargerId).diagnostics.autoUpload = false;
    const requestId = randomUUID();
    await ask(b.chargerId, requestId);
    await expect.poll(() => simulated(b.chargerId).diagnostics.last?.status, { timeout: 5000 }).toBe('Idle');
    const location = simulated(b.chargerId).diagnostics.last!.location;
    expect(location).toContain(`/diagnostics-upload/${b.chargerId}/`);
    // a second request while this one is open is refused
    const open = await fetch(`${app.baseUrl}/api/commands/diagnostics.request`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: randomUUID(), chargerId: b.chargerId }),
    });
    expect(open.status).toBe(409);

    // B's token on A's path: not A's request
    const elsewhere = await fetch(location.replace(`/${b.chargerId}/`, `/${a.chargerId}/`), { method: 'PUT', body: 'not yours' });
    expect(elsewhere.status).toBe(404);

    // More than the maximum, streamed without a declared length: 413, nothing kept, the URL still usable
    const chunk = new Uint8Array(1024).fill(65);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= MAX_BYTES * 4) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const large = await fetch(location, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    expect(large.status).toBe(413);
    expect(((await large.json()) as { code: string }).code).toBe('diagnostics.too_large');
    await expect.poll(async () => (await requests(b.chargerId))[0]?.failure).toBe('upload_too_large');
    expect((await requests(b.chargerId))[0]?.file).toBeNull();

    // Twenty uploads to the one URL at once: exactly one is kept
    const bodies = Array.from({ length: 20 }, (_, i) => `upload ${i}\n`);
    const answers = await Promise.all(bodies.map((body) => fetch(location, { method: 'PUT', body }).then((r) => r.status)));
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s !== 201).every((s) => s === 409 || s === 404)).toBe(true);
    await expect.poll(async () => (await requests(b.chargerId))[0]?.status).toBe('uploaded');
    const kept = await fetch(`${app.baseUrl}/api/diagnostics/${b.chargerId}/${requestId}/text`, { headers: bearer(token) });
    expect(bodies).toContain(((await kept.json()) as DiagnosticsText).text);
    // and once kept, never again
    expect((await fetch(location, { method: 'POST', body: 'late' })).status).toBe(404);
  });

  it('the files and the list need diagnostics.manage', async () => {
    const [a] = chargers;
    const [request] = await requests(a!.chargerId);
    expect((await fetch(`${app.baseUrl}/api/diagnostics/${a!.chargerId}/${request!.requestId}/file`)).status).toBe(401);
    expect((await fetch(`${app.baseUrl}/api/queries/admin/diagnostics?chargerId=${a!.chargerId}`)).status).toBe(401);
    const unknown = await fetch(`${app.baseUrl}/api/diagnostics/${a!.chargerId}/${randomUUID()}/file`, { headers: bearer(token) });
    expect(unknown.status).toBe(404);
  });
});
