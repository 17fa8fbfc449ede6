import { afterEach, describe, expect, it } from 'vitest';
import { BUS_TOPICS, type InboundChargerMessage } from '@evc/contracts';
import type { Consumer } from '@evc/platform';
import { createInProcessBus } from '@evc/platform/bus/in-process-bus';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { CHARGERS } from '../network/index';
import { PRESUMED_GONE_AFTER_MS, PresenceLag, startChargerPresence } from './ocpp-consumers';

const heartbeat = (chargerId: string, receivedAt: number): InboundChargerMessage => ({
  chargerId,
  protocol: 'ocpp1.6',
  connectionId: `c-${chargerId}`,
  messageId: `m-${receivedAt}`,
  receivedAt: new Date(receivedAt).toISOString(),
  message: { type: 'Heartbeat' },
});

describe('PresenceLag: how far behind the chargers the presence consumer reads', () => {
  it('is the age of the newest message handled while messages keep coming, and none once they stopped coming', () => {
    const lag = new PresenceLag(30_000);
    const now = Date.parse('2026-11-28T01:00:00.000Z');
    expect(lag.current(now)).toBe(0);
    lag.handled(new Date(now - 200_000).toISOString(), now);
    expect(lag.current(now + 29_000)).toBe(200_000);
    lag.handled(new Date(now + 20_000).toISOString(), now + 25_000);
    expect(lag.current(now + 30_000)).toBe(5_000);
    // Nothing for longer than the idle time: caught up (or every charger quiet), so silence counts from now again.
    expect(lag.current(now + 56_000)).toBe(0);
  });

  it('ignores a time it cannot read, and a message from the future is no lag', () => {
    const lag = new PresenceLag(30_000);
    const now = Date.parse('2026-11-28T01:00:00.000Z');
    lag.handled('not a time', now);
    expect(lag.current(now)).toBe(0);
    lag.handled(new Date(now + 5_000).toISOString(), now);
    expect(lag.current(now)).toBe(0);
  });
});

describe('the silent sweep counts silence from where the presence consumer has read to', () => {
  let consumers: Consumer[] = [];
  afterEach(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    consumers = [];
  });

  /** A charger shown online, last heard from `agoMs` ago, and what the sweep says on ocpp.inbound. */
  const given = async (agoMs: number, backlog: InboundChargerMessage[] = []) => {
    const bus = createInProcessBus();
    const documents = createMemoryDocumentStore();
    const seen = new Date(Date.now() - agoMs).toISOString();
    await CHARGERS.in(documents).insertOne({
      _id: 'CP-QUIET',
      online: true,
      modelState: 0,
      connectionId: 'c-CP-QUIET',
      lastSeenAt: seen,
      lastConnectedAt: seen,
    } as never);
    const silent: string[] = [];
    consumers.push(
      bus.subscribe<InboundChargerMessage>(
        { groupId: 'test-silent', topics: [BUS_TOPICS.ocppInbound], fromBeginning: true },
        ({ value }) => {
          if (value.message.type === 'Silent') silent.push(value.chargerId);
        },
      ),
    );
    // What waits on ocpp.inbound before the presence consumer starts is its backlog (as after a restart).
    await bus.publish(
      BUS_TOPICS.ocppInbound,
      backlog.map((value) => ({ key: value.chargerId, value })),
    );
    consumers.push(startChargerPresence(bus, documents, { sweepEveryMs: 100 }));
    await Promise.all(consumers.map((c) => c.ready));
    return { bus, silent };
  };

  it('a charger not heard from for longer than PRESUMED_GONE_AFTER_MS is reported silent once the consumer has caught up', async () => {
    const { bus, silent } = await given(PRESUMED_GONE_AFTER_MS + 60_000);
    await bus.publish(BUS_TOPICS.ocppInbound, [{ key: 'CP-BUSY', value: heartbeat('CP-BUSY', Date.now()) }]);
    await expect.poll(() => silent).toContain('CP-QUIET');
  });

  it('while the consumer works through a backlog as old as the silence, the charger is not reported', async () => {
    // Another charger's heartbeat, handled 100 s after it came: the quiet charger's own may be in the backlog still.
    const { bus, silent } = await given(PRESUMED_GONE_AFTER_MS + 60_000, [heartbeat('CP-BUSY', Date.now() - 100_000)]);
    // Several sweeps run meanwhile (every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(silent).toEqual([]);
    // The backlog drained: the next message is fresh, and the charger's silence now counts.
    await bus.publish(BUS_TOPICS.ocppInbound, [{ key: 'CP-BUSY', value: heartbeat('CP-BUSY', Date.now()) }]);
    await expect.poll(() => silent).toContain('CP-QUIET');
  });
});
