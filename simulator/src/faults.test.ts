import { describe, expect, it } from 'vitest';
import { ChargingPoint, DEFAULT_CHARGING } from './charging';
import { FaultSwitches, faultPlan } from './faults';
import { profileOf } from './power-curve';

/** Fault switches over a charger's connectors with a recording outbox, and a socket that is only a flag. */
function charger(v201 = false) {
  const sent: Record<string, unknown>[] = [];
  const point = new ChargingPoint(
    v201,
    [1, 2],
    profileOf('SIM-AC1'),
    DEFAULT_CHARGING,
    async (_action, build) => void sent.push(build()),
    () => undefined,
  );
  let connected = true;
  let reconnects = 0;
  let heartbeats = 0;
  const faults = new FaultSwitches({
    setFault: (id, on) => point.setFault(id, on),
    faultDetails: () => point.faultDetails,
    drop: async () => void (connected = false),
    reconnect: () => void (reconnects++, (connected = true)),
    connected: () => connected,
    heartbeat: () => void heartbeats++,
  });
  return { point, faults, sent, connected: () => connected, reconnects: () => reconnects, heartbeats: () => heartbeats };
}

describe('the simulator faults and falls silent on demand', () => {
  it('a faulted connector reports its error code, text and vendor code (1.6), then Available with NoError', () => {
    const c = charger();
    c.faults.fault(2, { errorCode: 'GroundFailure', info: 'RCD tripped', vendorErrorCode: 'E-042' });
    expect(c.sent.at(-1)).toMatchObject({
      connectorId: 2,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
      vendorErrorCode: 'E-042',
    });
    // A faulted connector refuses a remote start, as a real one does.
    expect(c.point.remoteStart(2, 'TAG', null)).toBe('Rejected');
    c.faults.recover(2);
    expect(c.sent.at(-1)).toMatchObject({ connectorId: 2, status: 'Available', errorCode: 'NoError' });
    expect(c.sent.at(-1)).not.toHaveProperty('vendorErrorCode');
  });

  it('2.0.1 reports the connector Faulted (its StatusNotification has no error code)', () => {
    const c = charger(true);
    c.faults.fault(1, { errorCode: 'GroundFailure' });
    expect(c.sent.at(-1)).toMatchObject({ evseId: 1, connectorStatus: 'Faulted' });
  });

  it('falls silent (every call refused, the socket dropped) and speaks again (connects again)', async () => {
    const c = charger();
    await c.faults.fallSilent({ dropSocket: true });
    expect(c.connected()).toBe(false);
    await expect(c.faults.refusal()).rejects.toThrow('silent');
    c.faults.speakAgain();
    expect(c.faults.refusal()).toBeNull();
    expect([c.connected(), c.reconnects()]).toEqual([true, 1]);
  });

  it('falls silent keeping the socket: nothing is closed; speaking again sends a Heartbeat, no reconnection', async () => {
    const c = charger();
    await c.faults.fallSilent();
    expect(c.connected()).toBe(true);
    c.faults.speakAgain();
    expect([c.reconnects(), c.heartbeats()]).toEqual([0, 1]);
  });
});

describe('the command line fault plan', () => {
  it('faults the first K connected chargers and silences the last S, each once', () => {
    const made = [charger(), charger(), charger(), charger()];
    const chargers = made.map((c, i) => ({ spec: { id: `CP-${i}` }, connected: true, faults: c.faults }));
    chargers[1]!.connected = false;
    const play = faultPlan({ fault: 2, silent: 1, code: 'OverVoltage' });
    play(chargers);
    play(chargers);
    expect(made.map((c) => c.sent.filter((m) => m.status === 'Faulted').length)).toEqual([1, 0, 0, 0]);
    expect(made[0]!.sent.at(-1)).toMatchObject({ errorCode: 'OverVoltage' });
    expect(made.map((c) => c.faults.silent)).toEqual([false, false, false, true]);
    chargers[1]!.connected = true;
    play(chargers);
    expect(made[1]!.sent.filter((m) => m.status === 'Faulted')).toHaveLength(1);
  });
});
