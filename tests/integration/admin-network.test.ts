import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import type { AuditEntry, Paged, PricingChangeView, StationAdminView, StationView } from '@evc/contracts';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { givenGovernorate } from '../support/factories';
import { command, givenStaff, query, superAdminToken } from '../support/identity';

type SecretResult = { streamId: string; revision: number; position: number; chargerId: string; secretKey: string };
const short = () => randomUUID().slice(0, 8);

describe('admin: stations, chargers, pricing and history over HTTP', () => {
  let app: TestApp;
  let token: string;
  const clients: RPCClient[] = [];
  const connect = (identity: string, password: string) => {
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity,
      password,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: true,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    return client;
  };
  const stationForm = (overrides: Record<string, unknown> = {}) => ({
    stationId: `st-${short()}`,
    governorateId: 'eg-c',
    nameEn: 'Zamalek Hub',
    nameAr: 'محطة الزمالك',
    location: { lat: 30.06, lng: 31.22 },
    addressEn: '26th of July Street',
    addressAr: 'شارع ٢٦ يوليو',
    ...overrides,
  });
  const chargerForm = (stationId: string, chargerId = `CP-${short()}`, connectors = 2) => ({
    chargerId,
    stationId,
    serialNumber: `SN-${chargerId}`,
    model: 'Terra 54',
    vendor: 'ABB',
    ocppVersion: '1.6',
    iccid: '8920000000000000001',
    connectors: Array.from({ length: connectors }, (_, i) => ({
      connectorId: i + 1,
      code: `${chargerId}-${i + 1}`,
      type: i === 0 ? 'CCS2' : 'CHAdeMO',
      current: 'DC',
      maxPowerKw: 50,
    })),
  });

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    token = await superAdminToken(app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    await app?.close();
  });

  it('a staff member without stations.write gets 403; with the privilege, the station is created', async () => {
    const roleId = `role-${short()}`;
    await must(app, 'roles.create', { roleId, name: 'Read only staff', nameAr: 'قراءة فقط', privileges: ['customers.read'] }, token);
    const reader = await givenStaff(app, [roleId], token);
    const refused = await command(app, 'stations.create', stationForm(), reader.token);
    expect([refused.status, refused.body.code]).toEqual([403, 'auth.forbidden']);
    // Staff may still read the admin lists.
    expect((await adminGet(app, 'stations', reader.token)).status).toBe(200);
    const outside = await command(app, 'stations.create', stationForm({ location: { lat: 48.85, lng: 2.35 } }), token);
    expect(outside.body).toMatchObject({ code: 'request.invalid', fieldErrors: [{ path: 'location', code: 'outside_egypt' }] });
  });

  it('station with two chargers: the key is shown once and works; deleting a charger hides it, keeps its history, and the gateway refuses it', async () => {
    const station = stationForm();
    await must(app, 'stations.create', station, token);
    const first = await must<SecretResult>(app, 'chargers.add', chargerForm(station.stationId), token);
    const second = await must<SecretResult>(app, 'chargers.add', chargerForm(station.stationId, undefined, 1), token);
    expect(first.secretKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.secretKey).not.toBe(first.secretKey);

    const view = await adminGet<StationAdminView>(app, `stations/${station.stationId}?position=${second.position}`, token);
    expect(view.body).toMatchObject({ numberOfChargers: 2, numberOutOfService: 0, revision: 2 });
    expect(view.body.chargers.map((c) => [c.chargerId, c.connectors.length, c.modelState, c.iccid])).toEqual(
      [
        [first.chargerId, 2, 0, '8920000000000000001'],
        [second.chargerId, 1, 0, '8920000000000000001'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(view.text).not.toContain(first.secretKey);
    expect(view.text).not.toMatch(/secretHash/);

    const client = connect(first.chargerId, first.secretKey);
    await client.connect();
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    await client.close({ force: true });

    // Duplicate id and duplicate serial: "Charger already exists".
    const dupId = await command(
      app,
      'chargers.add',
      { ...chargerForm(station.stationId, first.chargerId), serialNumber: `SN-other-${short()}` },
      token,
    );
    expect([dupId.status, dupId.body.code]).toEqual([409, 'network.charger_exists']);
    const dupSerial = await command(
      app,
      'chargers.add',
      { ...chargerForm(station.stationId), serialNumber: `SN-${first.chargerId}` },
      token,
    );
    expect([dupSerial.status, dupSerial.body.code]).toEqual([409, 'network.charger_exists']);

    // Update connectors.
    const { stationId: _s, ...fields } = chargerForm(station.stationId, second.chargerId, 3);
    const updated = await must(app, 'chargers.update', { ...fields, serialNumber: `SN-${second.chargerId}`, expectedRevision: 0 }, token);
    const afterUpdate = await adminGet<StationAdminView>(app, `stations/${station.stationId}?position=${updated.position}`, token);
    expect(afterUpdate.body.chargers.find((c) => c.chargerId === second.chargerId)?.connectors).toHaveLength(3);

    const deleted = await must(app, 'chargers.delete', { chargerId: first.chargerId }, token);
    const admin = await adminGet<Paged<StationAdminView>>(app, `stations?q=zamalek&position=${deleted.position}`, token);
    const row = admin.body.dataList.find((s) => s.stationId === station.stationId)!;
    expect(row.chargers.map((c) => c.chargerId)).toEqual([second.chargerId]);
    expect(row.numberOfChargers).toBe(1);
    const publicView = await query<StationView>(app, `/api/queries/stations/${station.stationId}`);
    expect(publicView.body.chargers.map((c) => c.chargerId)).toEqual([second.chargerId]);
    expect(publicView.body).not.toHaveProperty('revision');

    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=charger-${first.chargerId}`, token);
    expect(history.body.dataList.map((e) => e.type)).toEqual(['ChargerMarkedDeleted', 'ChargerRegistered']);
    expect(history.body.dataList[0]).toMatchObject({
      actor: { type: 'staff', name: expect.any(String) },
      changes: [{ field: 'modelState', before: null, after: 3 }],
    });
    const created = history.body.dataList[1]!;
    expect(created.changes.find((c) => c.field === 'secretHash')).toEqual({
      field: 'secretHash',
      before: null,
      after: null,
      masked: 'secret',
    });
    expect(JSON.stringify(history.body)).not.toMatch(/[a-f0-9]{64}/);

    await expect(connect(first.chargerId, first.secretKey).connect()).rejects.toMatchObject({ code: 401 });
    // The serial stays reserved after the delete.
    const reuse = await command(app, 'chargers.add', { ...chargerForm(station.stationId), serialNumber: `SN-${first.chargerId}` }, token);
    expect(reuse.body.code).toBe('network.charger_exists');
  });

  it('rotating a key answers the new one once; the old one stops working', async () => {
    const station = stationForm({ nameEn: 'Maadi Corniche' });
    await must(app, 'stations.create', station, token);
    const added = await must<SecretResult>(app, 'chargers.add', chargerForm(station.stationId), token);
    const rotated = await must<SecretResult>(app, 'chargers.rotate-secret', { chargerId: added.chargerId, expectedRevision: 0 }, token);
    await app.embedded.runner.waitFor(rotated.position, 2000);
    await expect(connect(added.chargerId, added.secretKey).connect()).rejects.toMatchObject({ code: 401 });
    const client = connect(added.chargerId, rotated.secretKey);
    await client.connect();
    await client.close({ force: true });
  });

  it('deleting a station marks its chargers deleted and frees the governorate; the history keeps every change', async () => {
    const station = stationForm({ nameEn: 'Heliopolis Square' });
    await must(app, 'stations.create', station, token);
    const charger = await must<SecretResult>(app, 'chargers.add', chargerForm(station.stationId), token);
    const renamed = await must(app, 'stations.update', { ...station, nameEn: 'Heliopolis Plaza', expectedRevision: 1 }, token);
    const stale = await command(app, 'stations.update', { ...station, nameEn: 'Someone else', expectedRevision: 1 }, token);
    expect([stale.status, stale.body.code]).toEqual([409, 'concurrency.conflict']);
    const gone = await must(app, 'stations.delete', { id: station.stationId, expectedRevision: renamed.revision }, token);
    expect((await adminGet(app, `stations/${station.stationId}?position=${gone.position}`, token)).status).toBe(404);
    await expect(connect(charger.chargerId, charger.secretKey).connect()).rejects.toMatchObject({ code: 401 });
    const history = await adminGet<Paged<AuditEntry>>(app, `audit?streamId=station-${station.stationId}`, token);
    expect(history.body.dataList.map((e) => e.type)).toEqual(['StationDeleted', 'StationUpdated', 'ChargerAttached', 'StationRegistered']);
    expect(history.body.dataList[1]!.changes).toEqual([
      { field: 'nameEn', before: 'Heliopolis Square', after: 'Heliopolis Plaza', masked: null },
    ]);
    expect((await adminGet<Paged<AuditEntry>>(app, `audit?streamId=charger-${charger.chargerId}`, token)).body.dataList[0]).toMatchObject({
      type: 'ChargerMarkedDeleted',
    });
    expect((await adminGet(app, 'audit?streamId=refresh-family-x1', token)).status).toBe(403);
  });

  it('pricing history: who, when, old and new, effective time, reason', async () => {
    const prices = {
      acPricePerKwh: 189,
      dcPricePerKwh: 375,
      minimumCharge: 2000,
      bookingFeePerMinute: 50,
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    };
    await must(app, 'pricing.set', { ...prices, reason: 'Initial tariff' }, token);
    const raised = await must(
      app,
      'pricing.set',
      { ...prices, dcPricePerKwh: 450, effectiveFrom: '2026-03-01T00:00:00.000Z', reason: 'Ministry tariff 2026' },
      token,
    );
    const noReason = await command(app, 'pricing.set', { ...prices, dcPricePerKwh: 500 }, token);
    expect(noReason.body).toMatchObject({ code: 'request.invalid', fieldErrors: [{ path: 'reason' }] });
    const history = await adminGet<Paged<PricingChangeView>>(app, 'pricing-history', token, raised.position);
    expect(history.body.dataList[0]).toMatchObject({
      dcPricePerKwh: 450,
      effectiveFrom: '2026-03-01T00:00:00.000Z',
      previous: { acPricePerKwh: 189, dcPricePerKwh: 375, minimumCharge: 2000, bookingFeePerMinute: 50 },
      changedBy: { type: 'staff', name: expect.stringMatching(/\S/) },
      reason: 'Ministry tariff 2026',
    });
    expect(history.body.dataList[1]).toMatchObject({ dcPricePerKwh: 375, previous: null, reason: 'Initial tariff' });
  });
});
