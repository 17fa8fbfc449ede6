// The charger id (printed on many chargers) is accepted as well as the serial number, in any case,
// by the lookup and by sessions.start's serialNumber path.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationView } from '@evc/contracts';
import { startTestApp, type TestApp } from '../support/app';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, customerToken, query } from '../support/identity';

describe('start by the code printed on the charger: serial number or charger id', () => {
  let app: TestApp;
  let stationId: string;
  let chargerId: string;
  let customer: { token: string };

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
    ({ chargerId } = await registerCharger(app.commandBus, stationId, { chargerId: `EVC-${randomUUID().slice(0, 6).toUpperCase()}` }));
    customer = await customerToken(app);
  });
  afterAll(() => app?.close());

  const lookup = (code: string) =>
    query<StationView>(app, `/api/queries/chargers/lookup?serialNumber=${encodeURIComponent(code)}`, customer.token);

  it('chargers.lookup finds the station by the serial number or by the charger id, in any case', async () => {
    for (const code of [`SN-${chargerId}`, chargerId, chargerId.toLowerCase(), ` ${chargerId} `]) {
      const found = await lookup(code);
      expect(found.status, code).toBe(200);
      expect(found.body.stationId).toBe(stationId);
    }
    expect((await lookup('EVC-NO-SUCH')).status).toBe(404);
  });

  it('sessions.start resolves a charger id given as serialNumber (then checks the car), and refuses an unknown code', async () => {
    const start = (serialNumber: string) =>
      command(
        app,
        'sessions.start',
        { sessionId: randomUUID(), serialNumber, connectorId: 1, carId: 'no-such-car', target: { kind: 'none' } },
        customer.token,
      );
    const unknown = await start('EVC-NO-SUCH');
    expect(unknown.body.code).toBe('network.charger_not_found');
    // the charger was found: the next rule (the customer's car) answers
    for (const code of [`SN-${chargerId}`, chargerId, chargerId.toLowerCase()]) {
      const started = await start(code);
      expect(started.body.code, code).toBe('charging.car_not_found');
    }
  });
});
