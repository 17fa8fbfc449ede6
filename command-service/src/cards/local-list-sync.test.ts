import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '@evc/platform';
import type { InboundChargerMessage, OutboundOcppResult } from '@evc/contracts';
import { LocalListSync, RETRY_BASE_MS, type SendListChargerCommand } from './local-list-sync';

afterEach(() => vi.useRealTimers());

/** A sync with a command bus that records what it would send (asking a version needs no store read). */
function given() {
  const sent: SendListChargerCommand['payload'][] = [];
  const sync = new LocalListSync(
    {} as EventStore,
    { execute: async (command: SendListChargerCommand) => void sent.push(command.payload) } as never,
  );
  const booted = { chargerId: 'CH-1', message: { type: 'Booted' } } as unknown as InboundChargerMessage;
  const answer = (status: OutboundOcppResult['status'], response: unknown = null) =>
    sync.onResult({ chargerId: 'CH-1', commandId: sent.at(-1)!.commandId, status, response } as OutboundOcppResult);
  return { sync, sent, booted, answer };
}

describe('local list sync', () => {
  it('asks a booting charger its list version', async () => {
    const { sync, sent, booted } = given();
    await sync.onInbound(booted);
    expect(sent.map((c) => c.action)).toEqual(['GetLocalListVersion']);
  });

  it('does not ask again in a loop when the charger answers badly (an error, a timeout): it backs off, doubling', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { sync, sent, booted, answer } = given();
    await sync.onInbound(booted);
    await answer('error');
    await sync.syncAll();
    expect(sent).toHaveLength(1); // not at once, not at the next sweep
    vi.setSystemTime(Date.now() + RETRY_BASE_MS + 1);
    await sync.syncAll();
    expect(sent).toHaveLength(2);
    await answer('timeout');
    vi.setSystemTime(Date.now() + RETRY_BASE_MS + 1);
    await sync.syncAll();
    expect(sent).toHaveLength(2); // the second failure waits twice as long
    vi.setSystemTime(Date.now() + RETRY_BASE_MS);
    await sync.syncAll();
    expect(sent).toHaveLength(3);
  });

  it('stops asking a charger that keeps no local list (NotSupported, or 1.6 version -1)', async () => {
    const { sync, sent, booted, answer } = given();
    await sync.onInbound(booted);
    await answer('accepted', { listVersion: -1 });
    await sync.syncAll();
    expect(sent).toHaveLength(1);
  });

  // A list change concerns every charger; sending to all of them at once holds up their own messages.
  it('paces the chargers: at most maxInFlight commands under way, the next charger served as an answer comes in', async () => {
    const sent: SendListChargerCommand['payload'][] = [];
    const sync = new LocalListSync(
      {} as EventStore,
      { execute: async (command: SendListChargerCommand) => void sent.push(command.payload) } as never,
      { maxInFlight: 3 },
    );
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sync.onInbound({ chargerId: `CH-${i}`, message: { type: 'Booted' } } as unknown as InboundChargerMessage),
      ),
    );
    expect(sent.map((c) => c.chargerId)).toEqual(['CH-0', 'CH-1', 'CH-2']);
    expect(sync.load).toEqual({ inFlight: 3, waiting: 7 });
    await sync.syncAll(); // a sweep does not jump the queue
    expect(sent).toHaveLength(3);
    for (let answered = 0; answered < sent.length; answered++) {
      const { chargerId, commandId } = sent[answered]!;
      await sync.onResult({ chargerId, commandId, status: 'accepted', response: { listVersion: -1 } } as OutboundOcppResult);
      await new Promise((r) => setImmediate(r));
      expect(sync.load.inFlight).toBeLessThanOrEqual(3);
    }
    expect(new Set(sent.map((c) => c.chargerId)).size).toBe(10);
    expect(sync.load).toEqual({ inFlight: 0, waiting: 0 });
  });
});
