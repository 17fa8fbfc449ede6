import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ADMIN_LIVE_KEY_ROOTS, subscribeLiveUpdates } from './live-updates';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** Sends a frame as the server does: `event: change`, JSON data. */
  emit(data: unknown, type = 'change') {
    for (const l of this.listeners.get(type) ?? [])
      l(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('live updates (SSE /api/live)', () => {
  it('invalidates the queries of a changed collection only', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    client.setQueryData(['stations', 'list', {}], { dataList: [], totalCount: 0 });
    client.setQueryData(['stations', 'detail', 'a'], {});
    client.setQueryData(['pricing'], {});
    client.setQueryData(['network-stats'], {});
    const stop = subscribeLiveUpdates(client, ['stations', 'pricing', 'network-stats']);
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toBe('/api/live');

    source.emit({ collection: 'stations', ids: ['a'], position: 12 });
    source.emit({ collection: 'wallets', position: 13 });
    source.emit('not json {');
    source.emit({ collection: 'pricing_history', position: 14 }, 'message'); // unnamed events are not changes

    expect(client.getQueryState(['stations', 'list', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['stations', 'detail', 'a'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['network-stats'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['pricing'])?.isInvalidated).toBe(false);
    source.emit({ collection: 'pricing_history', position: 15 });
    expect(client.getQueryState(['pricing'])?.isInvalidated).toBe(true);
    stop();
    expect(source.closed).toBe(true);
  });

  it('when the stream opens, the followed queries answered before it listened read again; later ones stay', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    client.setQueryData(['stations', 'list', {}], { dataList: [], totalCount: 0 }, { updatedAt: Date.now() - 1000 });
    client.setQueryData(['pricing'], {}, { updatedAt: Date.now() - 1000 });
    const stop = subscribeLiveUpdates(client, ['stations']);
    const source = FakeEventSource.last as FakeEventSource;
    source.emit(undefined, 'open');
    expect(client.getQueryState(['stations', 'list', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['pricing'])?.isInvalidated).toBe(false); // not followed here
    client.setQueryData(['stations', 'detail', 'b'], {}, { updatedAt: Date.now() + 60_000 });
    source.emit(undefined, 'open');
    expect(client.getQueryState(['stations', 'detail', 'b'])?.isInvalidated).toBe(false);
    stop();
  });

  it('with the admin mapping, a chargers change reloads the station lists; the public mapping ignores it', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const publicClient = new QueryClient();
    publicClient.setQueryData(['stations', 'list', {}], { dataList: [], totalCount: 0 });
    const stopPublic = subscribeLiveUpdates(publicClient, ['stations']);
    const publicSource = FakeEventSource.last as FakeEventSource;
    publicSource.emit({ collection: 'chargers', ids: ['EVC-1'], position: 20 });
    expect(publicClient.getQueryState(['stations', 'list', {}])?.isInvalidated).toBe(false);

    const adminClient = new QueryClient();
    adminClient.setQueryData(['stations', 'list', { page: 1 }], { dataList: [], totalCount: 0 });
    adminClient.setQueryData(['audit', 'station-a'], { dataList: [], totalCount: 0 });
    const stopAdmin = subscribeLiveUpdates(adminClient, ['stations'], ADMIN_LIVE_KEY_ROOTS);
    const adminSource = FakeEventSource.last as FakeEventSource;
    adminSource.emit({ collection: 'chargers', ids: ['EVC-1'], position: 21 });
    expect(adminClient.getQueryState(['stations', 'list', { page: 1 }])?.isInvalidated).toBe(true);
    expect(adminClient.getQueryState(['audit', 'station-a'])?.isInvalidated).toBe(false);
    stopPublic();
    stopAdmin();
  });
});
