import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ChargerCommandView, FirmwareCampaignView, FirmwareFileView, Paged } from '@evc/contracts';
import { FIRMWARE_LINKS, type FirmwareLinks } from '@evc/command-service/firmware/index';
import { SIMULATOR_FIRMWARE_VERSION, Simulator, simulatedFirmwareImage, type FirmwareOptions } from '@evc/simulator';
import { adminGet, must, tinyPng } from '../support/admin';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { superAdminToken } from '../support/identity';

type Spec = { id: string; secret: string; ocppVersion: '1.6' | '2.0.1'; connectorIds: number[] };

/**
 * End to end with the simulator: staff upload a firmware image and run a campaign on twenty chargers (1.6 and 2.0.1)
 * in two waves; each charger fetches its signed link, reports each status, reboots with the new version. The second
 * wave starts only after the first is done. A campaign whose first wave fails never reaches its second.
 */
describe('firmware campaigns with simulated chargers', () => {
  let app: TestApp;
  let staff: string;
  let stationId: string;
  const simulators: Simulator[] = [];

  const chargers = async (n: number, prefix: string): Promise<Spec[]> => {
    const specs: Spec[] = [];
    for (let i = 0; i < n; i++) {
      const ocppVersion = i % 2 === 0 ? '1.6' : '2.0.1';
      const chargerId = `${prefix}-${String(i + 1).padStart(2, '0')}`;
      const { secret } = await registerCharger(app.commandBus, stationId, { chargerId, ocppVersion });
      specs.push({ id: chargerId, secret, ocppVersion, connectorIds: [1] });
    }
    return specs;
  };
  const simulate = async (specs: Spec[], firmware: FirmwareOptions) => {
    const simulator = new Simulator({
      url: app.baseUrl.replace('http', 'ws'),
      chargers: specs,
      backoffMs: { initial: 50, max: 200 },
      firmware,
    });
    simulators.push(simulator);
    simulator.start();
    await expect.poll(() => simulator.stats().connected, { timeout: 15_000 }).toBe(specs.length);
    return simulator;
  };
  const uploadFirmware = async (bytes: Buffer, fields: Record<string, string>, token: string | null = staff) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), fields.fileName ?? 'fw.bin');
    const res = await fetch(`${app.baseUrl}/api/firmware/files`, { method: 'POST', body: form, headers: bearer(token) });
    return { status: res.status, body: (await res.json()) as FirmwareFileView & ApiError };
  };
  const campaign = async (campaignId: string) =>
    (await adminGet<FirmwareCampaignView>(app, `firmware-campaign?campaignId=${campaignId}`, staff)).body;
  const campaignEvents = (campaignId: string) => app.embedded.infra.eventStore.readStream(`firmware-campaign-${campaignId}`);

  beforeAll(async () => {
    app = await startTestApp();
    // Chargers reach the product where this test's app listens (a port chosen at start).
    app.embedded.app.get<symbol, FirmwareLinks>(FIRMWARE_LINKS, { strict: false }).baseUrl = app.baseUrl;
    staff = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    const station = aStation();
    await registerStation(app.commandBus, station);
    stationId = station.stationId;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(simulators.map((s) => s.stop()));
    await app?.close();
  });

  it('refuses what is not a firmware image, and anyone without firmware.manage', async () => {
    expect((await uploadFirmware(tinyPng(), { version: '9.9.9', fileName: 'fw.bin' })).body.code).toBe('files.unsupported_type');
    expect((await uploadFirmware(Buffer.from('<html>hi</html>'), { version: '9.9.9', fileName: 'fw.bin' })).status).toBe(415);
    expect((await uploadFirmware(simulatedFirmwareImage('x'), { version: '9.9.9', fileName: 'fw.exe' })).body.code).toBe('request.invalid');
    expect((await uploadFirmware(simulatedFirmwareImage('x'), { fileName: 'fw.bin' })).body.code).toBe('request.invalid');
    expect((await uploadFirmware(simulatedFirmwareImage('x'), { version: '9.9.9', fileName: 'fw.bin' }, null)).status).toBe(401);
  });

  it('updates twenty chargers in two waves: the second only after every charger of the first installed and rebooted', async () => {
    const specs = await chargers(20, 'FW');
    const simulator = await simulate(specs, { stepMs: 30 });
    const file = await uploadFirmware(simulatedFirmwareImage('sim-2.0.0'), { version: 'sim-2.0.0', fileName: 'sim-2.0.0.bin' });
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ version: 'sim-2.0.0', checksum: expect.stringMatching(/^sha256:[a-f0-9]{64}$/) });

    const campaignId = randomUUID();
    const ids = specs.map((s) => s.id);
    await must(
      app,
      'firmware.start-campaign',
      { campaignId, firmwareId: file.body.firmwareId, chargerIds: ids, firstWavePercent: 10 },
      staff,
    );
    await expect.poll(async () => (await campaign(campaignId)).status, { timeout: 30_000, interval: 250 }).toBe('completed');

    const view = await campaign(campaignId);
    expect(view).toMatchObject({ waves: 2, total: 20, updated: 20, stoppedBecause: null });
    expect(view.chargers.filter((c) => c.wave === 0).map((c) => c.chargerId)).toEqual(ids.slice(0, 2));
    expect(view.chargers.every((c) => c.state === 'updated' && c.reportedStatus === 'Installed')).toBe(true);
    for (const c of simulator.chargers) {
      expect(c.firmware.version).toBe('sim-2.0.0');
      expect(c.firmware.lastDownload).toMatchObject({ status: 200, checksumOk: true });
    }
    // The order of the waves, from the campaign's stream: no second-wave charger was asked before the first wave was done.
    const events = await campaignEvents(campaignId);
    const at = (type: string, pick: (d: Record<string, unknown>) => boolean = () => true) =>
      events.filter((e) => e.type === type && pick(e.data as Record<string, unknown>)).map((e) => e.position);
    const firstDone = Math.max(...at('FirmwareChargerRebooted', (d) => ids.slice(0, 2).includes(String(d.chargerId))));
    const secondAsked = Math.min(...at('FirmwareUpdateRequested', (d) => ids.slice(2).includes(String(d.chargerId))));
    expect(at('FirmwareWaveCompleted')).toHaveLength(2);
    expect(secondAsked).toBeGreaterThan(firstDone);
    // Each UpdateFirmware is in its charger's command history.
    const history = await adminGet<Paged<ChargerCommandView>>(app, `ocpp-commands?chargerId=${ids[1]}`, staff);
    const updates = history.body.dataList.filter((c) => c.action === 'UpdateFirmware');
    expect(updates).toEqual([expect.objectContaining({ status: 'accepted', ocppAction: 'UpdateFirmware', protocol: 'ocpp2.0.1' })]);
  }, 60_000);

  it('serves a link only to its charger, with its key, before it expires', async () => {
    const simulator = simulators[0]!;
    const [one, two] = simulator.chargers as [(typeof simulator.chargers)[0], (typeof simulator.chargers)[0]];
    const url = one.firmware.lastDownload!.url;
    const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
    expect((await fetch(url, { headers: basic(one.spec.id, one.spec.secret) })).status).toBe(200);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: basic(two.spec.id, two.spec.secret) })).status).toBe(403);
    expect((await fetch(url, { headers: basic(one.spec.id, 'wrong-key') })).status).toBe(403);
    const [c, e, s] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const tampered = `${url.slice(0, url.lastIndexOf('/'))}/${[c, String(Number(e) + 86_400_000), s].join('.')}`;
    expect((await fetch(tampered, { headers: basic(one.spec.id, one.spec.secret) })).status).toBe(403);
  });

  it('a failed first wave stops the campaign: the second wave is never asked, and staff see which charger and why', async () => {
    const specs = await chargers(3, 'FWX');
    const simulator = await simulate(specs, { stepMs: 30, fail: 'download' });
    const file = await uploadFirmware(simulatedFirmwareImage('sim-3.0.0'), { version: 'sim-3.0.0', fileName: 'sim-3.0.0.bin' });
    const campaignId = randomUUID();
    const ids = specs.map((s) => s.id);
    await must(
      app,
      'firmware.start-campaign',
      { campaignId, firmwareId: file.body.firmwareId, chargerIds: ids, firstWavePercent: 34 },
      staff,
    );
    await expect.poll(async () => (await campaign(campaignId)).status, { timeout: 20_000, interval: 250 }).toBe('stopped');
    const view = await campaign(campaignId);
    expect(view.stoppedBecause).toMatchObject({ cause: 'download-failed', detail: 'DownloadFailed' });
    expect(ids.slice(0, 2)).toContain(view.stoppedBecause!.chargerId);
    expect(view.chargers.find((c) => c.chargerId === ids[2])).toMatchObject({ wave: 1, state: 'queued' });
    expect((await campaignEvents(campaignId)).filter((e) => e.type === 'FirmwareWaveStarted')).toHaveLength(1);
    expect(simulator.chargers.map((c) => c.firmware.version)).toEqual(Array(3).fill(SIMULATOR_FIRMWARE_VERSION));
  }, 40_000);
});
