import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { openAllowedLiveStream } from '../support/live';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { command, superAdminToken } from '../support/identity';

/** The public live stream carries what the public pages need, never staff activity. */
describe('the public live stream', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('does not announce commands to chargers, charger edits, key rotations or roles; staff get chargers on their own stream', async () => {
    const admin = await superAdminToken(app);
    await givenGovernorate(app.commandBus);
    const station = aStation();
    await registerStation(app.commandBus, station);
    const { chargerId } = await registerCharger(app.commandBus, station.stationId);
    const streams = {
      all: await openAllowedLiveStream(app, '/api/live'),
      asked: await openAllowedLiveStream(app, '/api/live?collections=ocpp_commands,chargers,roles,admins,stations'),
      staff: await openAllowedLiveStream(app, '/api/live/me', admin),
    };
    try {
      expect(
        (await command(app, 'chargers.send-command', { commandId: randomUUID(), chargerId, action: 'Reset', type: 'Soft' }, admin)).status,
      ).toBe(200);
      expect((await command(app, 'chargers.rotate-secret', { chargerId }, admin)).status).toBe(200);
      const roleId = `r-${randomUUID().slice(0, 8)}`;
      expect(
        (
          await command(
            app,
            'roles.create',
            { roleId, name: `Night shift ${roleId}`, nameAr: 'وردية ليلية', privileges: ['sessions.read'] },
            admin,
          )
        ).status,
      ).toBe(200);
      // A public change last: once it arrived, everything before it has been fanned out.
      await registerStation(app.commandBus, aStation());
      await expect.poll(() => streams.all.changes.some((c) => c.collection === 'stations')).toBe(true);
      await expect.poll(() => streams.asked.changes.some((c) => c.collection === 'stations')).toBe(true);
      for (const stream of [streams.all, streams.asked]) {
        const collections = new Set(stream.changes.map((c) => c.collection));
        expect([...collections].filter((c) => !['stations', 'governorates', 'pricing_history'].includes(c))).toEqual([]);
      }
      await expect.poll(() => streams.staff.changes.some((c) => c.collection === 'chargers' && c.ids?.includes(chargerId))).toBe(true);
    } finally {
      Object.values(streams).forEach((s) => s.close());
    }
  });
});
