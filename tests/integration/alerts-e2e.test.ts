import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail, AlertRow, Paged } from '@evc/contracts';
import { AlertsConsumers, CHARGER_HEARTBEAT_INTERVAL_S } from '@evc/command-service/alerts/index';
import { HEARTBEAT_INTERVAL_S } from '@evc/ocpp-gateway/gateway';
import { Simulator, loadDemoChargers, type SimulatedCharger } from '@evc/simulator';
import { adminGet, must } from '../support/admin';
import { startTestApp, type TestApp } from '../support/app';
import { command, givenStaff, query } from '../support/identity';

interface Received {
  to: string[];
  raw: string;
}

/**
 * A simulated charger faults: an alert opens once, is mailed over SMTP to the staff who follow its station, is
 * acknowledged and noted, and resolves itself, mailed again, when the connector is Available again.
 */
describe('alerts end to end: a fault pages the station’s followers and resolves itself', () => {
  let server: SMTPServer;
  let app: TestApp;
  let simulator: Simulator | undefined;
  let charger: SimulatedCharger;
  let stationId: string;
  const received: Received[] = [];
  let operator: Awaited<ReturnType<typeof givenStaff>>;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    app = await startTestApp({
      seed: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'EV Charging <no-reply@example.com>' },
    });
    const spec = (await loadDemoChargers(app.dataDir)).find((c) => c.ocppVersion === '1.6')!;
    const doc = await app.embedded.infra.documents.collection('chargers').findOne({ _id: spec.id });
    stationId = String(doc?.stationId);
    operator = await givenStaff(app, ['role-operator']);
    await must(app, 'alerts.subscribe', { stationIds: [stationId], governorateIds: [] }, operator.token);
    simulator = new Simulator({ url: app.baseUrl.replace('http', 'ws'), chargers: [spec], backoffMs: { initial: 100, max: 1000 } });
    simulator.start();
    charger = simulator.chargers[0]!;
  });

  afterAll(async () => {
    await simulator?.stop();
    await app?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const alertsOf = async (state?: string) =>
    (
      await adminGet<Paged<AlertRow>>(app, `alerts?stationId=${stationId}${state ? `&state=${state}` : ''}`, operator.token)
    ).body.dataList.filter((a) => a.chargerId === charger.spec.id);
  const mailsTo = (email: string, subject: RegExp) => received.filter((m) => m.to.includes(email) && subject.test(m.raw));

  it('a Faulted status opens one alert with the error code and vendor code, mailed to the subscriber', async () => {
    await expect.poll(() => charger.connected, { timeout: 8000 }).toBe(true);
    charger.faults.fault(1, { errorCode: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-042' });
    // The same fault reported again while the alert is open opens nothing more.
    charger.faults.fault(1, { errorCode: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-042' });
    await expect.poll(async () => (await alertsOf('open')).length, { timeout: 8000 }).toBe(1);
    const [alert] = await alertsOf();
    expect(alert).toMatchObject({ kind: 'faulted', state: 'open', connectorId: 1, errorCode: 'GroundFailure', stationId });
    await expect.poll(() => mailsTo(operator.email, /^subject: Alert: Connector faulted/im).length, { timeout: 8000 }).toBe(1);
    expect(mailsTo(operator.email, /^subject: Alert: Connector faulted/im)[0]!.raw).toContain('E-042');
  });

  it('staff acknowledge with why and add a note; the history names them', async () => {
    const [alert] = await alertsOf();
    const ref = { chargerId: alert!.chargerId, kind: alert!.kind, alertId: alert!.alertId };
    await must(app, 'alerts.acknowledge', { ...ref, reason: 'Technician on the way' }, operator.token);
    const { position } = await must(
      app,
      'alerts.note',
      { ...ref, noteId: randomUUID(), text: 'Site says the RCD tripped' },
      operator.token,
    );
    const detail = (await adminGet<AlertDetail>(app, `alerts/${alert!.alertId}`, operator.token, position)).body;
    expect(detail.state).toBe('acknowledged');
    expect(detail.info).toBe('RCD tripped');
    expect(detail.history.map((h) => [h.what, h.text, h.by?.name ?? null])).toEqual(
      expect.arrayContaining([
        ['acknowledged', 'Technician on the way', 'Karim Adel'],
        ['noted', 'Site says the RCD tripped', 'Karim Adel'],
      ]),
    );
  });

  it('resolves itself when the connector is Available again, and mails that too', async () => {
    charger.faults.recover(1);
    await expect.poll(async () => (await alertsOf())[0]?.state, { timeout: 8000 }).toBe('resolved');
    await expect.poll(() => mailsTo(operator.email, /^subject: Resolved: Connector faulted/im).length, { timeout: 8000 }).toBe(1);
    const [alert] = await alertsOf();
    const detail = (await adminGet<AlertDetail>(app, `alerts/${alert!.alertId}`, operator.token)).body;
    expect(detail.history.find((h) => h.what === 'recovered')).toMatchObject({ by: null, text: 'Available' });
  });

  it('the inbox is staff with alerts.read only; acting needs alerts.manage', async () => {
    const noRole = await givenStaff(app, []);
    expect((await query(app, '/api/queries/admin/alerts', noRole.token)).status).toBe(403);
    const viewer = await givenStaff(app, ['role-viewer']);
    expect((await query(app, '/api/queries/admin/alerts', viewer.token)).status).toBe(200);
    const [alert] = await alertsOf();
    const ref = { chargerId: alert!.chargerId, kind: alert!.kind, alertId: alert!.alertId };
    expect((await command(app, 'alerts.note', { ...ref, noteId: randomUUID(), text: 'x' }, viewer.token)).status).toBe(403);
  });

  it('counts silence from the heartbeat interval the gateway gives chargers', () => {
    expect(CHARGER_HEARTBEAT_INTERVAL_S).toBe(HEARTBEAT_INTERVAL_S);
  });

  it('a charger silent beyond its heartbeat interval plus the margin opens a silent alert; speaking again resolves it', async () => {
    await charger.faults.fallSilent();
    // The sweep at a time past the heartbeat interval and the margin (the default 60 s) after the last message.
    const watcher = app.embedded.app.get(AlertsConsumers).watcher;
    expect(await watcher.sweep(Date.now() + (CHARGER_HEARTBEAT_INTERVAL_S + 61) * 1000)).toBeGreaterThanOrEqual(1);
    const silent = async () => (await alertsOf()).find((a) => a.kind === 'silent');
    await expect.poll(async () => (await silent())?.state, { timeout: 8000 }).toBe('open');
    await expect.poll(() => mailsTo(operator.email, /^subject: Alert: Charger silent/im).length, { timeout: 8000 }).toBe(1);
    charger.faults.speakAgain();
    await expect.poll(async () => (await silent())?.state, { timeout: 8000 }).toBe('resolved');
  });

  it('the simulator falls silent (socket dropped) and speaks again', async () => {
    await charger.faults.fallSilent({ dropSocket: true });
    await expect.poll(() => charger.connected, { timeout: 5000 }).toBe(false);
    charger.faults.speakAgain();
    await expect.poll(() => charger.connected, { timeout: 5000 }).toBe(true);
  });
});
