import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPCClient } from 'ocpp-rpc';
import { BUS_TOPICS, type OcppFrame } from '@evc/contracts';
import {
  RATE_LIMIT_BURST,
  RATE_LIMIT_PER_S,
  RATE_LIMITED_CODE,
  RATE_LIMITED_DESCRIPTION,
  type InboundChargerMessage,
} from '@evc/ocpp-gateway';
import { aStation, givenGovernorate, registerCharger, registerStation } from '../support/factories';
import { startTestApp, type TestApp } from '../support/app';

describe('OCPP per-charger rate limit', () => {
  let app: TestApp;
  let stationId: string;
  const clients: RPCClient[] = [];
  const connect = async (identity: string, password: string) => {
    // callConcurrency: the flood goes out at once rather than one call per round trip.
    const options = {
      endpoint: `${app.baseUrl.replace('http', 'ws')}/ocpp`,
      identity,
      password,
      protocols: ['ocpp1.6'],
      reconnect: false,
      strictMode: true,
      callConcurrency: 200,
    };
    const client = new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
    clients.push(client);
    await client.connect();
    return client;
  };
  const aCharger = async () => {
    const { chargerId, secret, result } = await registerCharger(app.commandBus, stationId);
    await app.embedded.runner.waitFor(result.position, 2000);
    return { chargerId, secret };
  };

  beforeAll(async () => {
    app = await startTestApp();
    await givenGovernorate(app.commandBus);
    stationId = aStation().stationId;
    await registerStation(app.commandBus, { ...aStation(), stationId });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)));
    await app?.close();
  });

  it(
    'refuses calls over the limit with a CALLERROR, publishes nothing for them, leaves other chargers alone and recovers',
    { timeout: 20_000 },
    async () => {
      const flooder = await aCharger();
      const other = await aCharger();
      const heartbeats = new Map<string, number>();
      const frames: OcppFrame[] = [];
      const inbound = app.embedded.infra.bus.subscribe<InboundChargerMessage>(
        { groupId: 't-rate-inbound', topics: [BUS_TOPICS.ocppInbound] },
        (m) => {
          if (m.value.message.type === 'Heartbeat') heartbeats.set(m.value.chargerId, (heartbeats.get(m.value.chargerId) ?? 0) + 1);
        },
      );
      const frameLog = app.embedded.infra.bus.subscribe<OcppFrame>({ groupId: 't-rate-frames', topics: [BUS_TOPICS.ocppFrames] }, (m) => {
        // The heartbeats' frames (the gateway may also ask the charger things on connect, e.g. GetLocalListVersion).
        if (m.value.chargerId === flooder.chargerId && m.value.kind !== 'connection' && m.value.action === 'Heartbeat')
          frames.push(m.value);
      });
      await Promise.all([inbound.ready, frameLog.ready]);
      const a = await connect(flooder.chargerId, flooder.secret);
      const b = await connect(other.chargerId, other.secret);

      const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => a.call('Heartbeat', {})));
      // The other charger is answered while the first one is refused.
      await expect(b.call('Heartbeat', {})).resolves.toMatchObject({ currentTime: expect.any(String) });

      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { rpcErrorCode?: string; message?: string }] : []));
      expect(accepted).toBeGreaterThanOrEqual(RATE_LIMIT_BURST);
      expect(accepted).toBeLessThan(100);
      expect(refused.length).toBe(100 - accepted);
      for (const error of refused) expect(error).toMatchObject({ rpcErrorCode: RATE_LIMITED_CODE, message: RATE_LIMITED_DESCRIPTION });

      // Only accepted calls are published; the message log holds them and the first refusal of the burst.
      await expect.poll(() => heartbeats.get(other.chargerId)).toBe(1);
      await expect.poll(() => heartbeats.get(flooder.chargerId)).toBe(accepted);
      // (on a loaded machine the bucket may refill mid-burst, so a burst can log the first refusal of two runs)
      await expect.poll(() => frames.filter((f) => f.kind === 'result').length).toBe(accepted);
      const errors = frames.filter((f) => f.kind === 'error');
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(errors.length).toBeLessThan(refused.length);
      for (const f of errors) expect(f.error).toBe(`${RATE_LIMITED_CODE}: ${RATE_LIMITED_DESCRIPTION}`);
      expect(frames.filter((f) => f.kind === 'call')).toHaveLength(accepted + errors.length);

      // After a short pause the bucket has refilled a little: calls are accepted again.
      await new Promise((resolve) => setTimeout(resolve, Math.ceil((3 / RATE_LIMIT_PER_S) * 1000) + 50));
      await expect(a.call('Heartbeat', {})).resolves.toMatchObject({ currentTime: expect.any(String) });
      await expect(a.call('Heartbeat', {})).resolves.toMatchObject({ currentTime: expect.any(String) });
      await expect.poll(() => heartbeats.get(flooder.chargerId)).toBe(accepted + 2);
      await Promise.all([inbound.stop(), frameLog.stop()]);
    },
  );
});
