import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@evc/contracts';
import { sameStart } from '@evc/command-service/charging/start-session.handler';
import { startTestApp, type TestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, customerToken, query, superAdminToken, uniqueEmail } from '../support/identity';

/** A client id reused with another payload is a 409 request.duplicate_id, never a silent 200. */
describe('client-chosen ids reused with another payload', () => {
  let app: TestApp;
  let admin: string;
  let customer: { customerId: string; token: string };
  beforeAll(async () => {
    app = await startTestApp();
    admin = await superAdminToken(app);
    customer = await customerToken(app);
  });
  afterAll(() => app?.close());

  const duplicate = (res: { status: number; body: ApiError }) => [res.status, res.body.code];

  it('wallet.adjust: the same adjustment counts once; another amount, direction, reason or customer is a 409', async () => {
    const adjustmentId = randomUUID();
    const adjust = { adjustmentId, customerId: customer.customerId, direction: 'credit', amountEgp: 50, reason: 'goodwill credit' };
    expect((await command(app, 'wallet.adjust', adjust, admin)).status).toBe(200);
    expect((await command(app, 'wallet.adjust', adjust, admin)).status).toBe(200);
    expect(duplicate(await command(app, 'wallet.adjust', { ...adjust, amountEgp: 500 }, admin))).toEqual([409, 'request.duplicate_id']);
    expect(duplicate(await command(app, 'wallet.adjust', { ...adjust, direction: 'debit' }, admin))).toEqual([409, 'request.duplicate_id']);
    expect(duplicate(await command(app, 'wallet.adjust', { ...adjust, reason: 'another reason' }, admin))).toEqual([
      409,
      'request.duplicate_id',
    ]);
    const other = await customerToken(app);
    const res = await command(app, 'wallet.adjust', { ...adjust, customerId: other.customerId }, admin);
    expect(duplicate(res)).toEqual([409, 'request.duplicate_id']);
    const wallet = await query<{ balance: number }>(
      app,
      `/api/queries/admin/customers/${customer.customerId}/wallet?position=${res.body.position ?? 0}`,
      admin,
    );
    expect(wallet.body.balance).toBe(5000);
    expect((await query<{ balance: number }>(app, `/api/queries/admin/customers/${other.customerId}/wallet`, admin)).body.balance).toBe(0);
  });

  it('wallet.top-up: the same payment id for another amount is a 409 duplicate_id', async () => {
    const paymentId = randomUUID();
    expect((await command(app, 'wallet.top-up', { paymentId, amountEgp: 100 }, customer.token)).status).toBe(200);
    expect(duplicate(await command(app, 'wallet.top-up', { paymentId, amountEgp: 200 }, customer.token))).toEqual([
      409,
      'request.duplicate_id',
    ]);
  });

  it('admins.create: the same admin id with other roles or names is a 409, the same create again a 200', async () => {
    const body = {
      adminId: randomUUID(),
      firstName: 'Nour',
      lastName: 'Samir',
      email: uniqueEmail('nour'),
      roleIds: ['role-viewer'],
      password: 'Opera7or-Desk-Key',
    };
    expect((await command(app, 'admins.create', body, admin)).status).toBe(200);
    expect((await command(app, 'admins.create', body, admin)).status).toBe(200);
    expect(duplicate(await command(app, 'admins.create', { ...body, roleIds: ['role-super-admin'] }, admin))).toEqual([
      409,
      'request.duplicate_id',
    ]);
    expect(duplicate(await command(app, 'admins.create', { ...body, email: uniqueEmail('other') }, admin))).toEqual([
      409,
      'request.duplicate_id',
    ]);
  });

  it('chargers.send-command: the same command id for another command is a 409 duplicate_id', async () => {
    await givenGovernorate(app.commandBus);
    const station = aStation();
    await registerStation(app.commandBus, station);
    const { chargerId } = await registerCharger(app.commandBus, station.stationId);
    const commandId = randomUUID();
    const first = { commandId, chargerId, action: 'Reset', type: 'Soft' };
    expect((await command(app, 'chargers.send-command', first, admin)).status).toBe(200);
    expect((await command(app, 'chargers.send-command', first, admin)).status).toBe(200);
    expect(duplicate(await command(app, 'chargers.send-command', { ...first, type: 'Hard' }, admin))).toEqual([
      409,
      'request.duplicate_id',
    ]);
  });

  it('sessions.start: a retry goes on with its session only when it asks for the same start', () => {
    const request = { chargerId: 'EVC-1', connectorId: 1, carId: 'car-1', target: { kind: 'none' } } as Parameters<typeof sameStart>[0];
    expect(sameStart(request, { connectorId: 1, carId: 'car-1', target: { kind: 'none' } }, 'EVC-1')).toBe(true);
    expect(sameStart(request, { connectorId: 2, carId: 'car-1', target: { kind: 'none' } }, 'EVC-1')).toBe(false);
    expect(sameStart(request, { connectorId: 1, carId: 'car-1', target: { kind: 'energy', wh: 5000 } }, 'EVC-1')).toBe(false);
    expect(sameStart(request, { connectorId: 1, carId: 'car-1', target: { kind: 'none' } }, 'EVC-2')).toBe(false);
  });
});
