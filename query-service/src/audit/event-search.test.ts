import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@evc/platform';
import { indexFor, matcher } from './event-search';

const q = { pageSize: 50 } as const;
const event = (over: Partial<RecordedEvent> = {}): RecordedEvent => ({
  streamId: 'wallet-c1',
  revision: 0,
  position: 10,
  eventId: 'e1',
  type: 'WalletDebited',
  recordedAt: '2026-03-01T10:00:00.000Z',
  data: {},
  metadata: {
    correlationId: 'k1',
    causationId: 'session:s1',
    actor: { type: 'system', id: 'charging' },
    occurredAt: '2026-03-01T10:00:00.000Z',
    schemaVersion: 1,
  },
  ...over,
});

describe('explorer search planning', () => {
  it('reads the most selective index: stream, then correlation, then type, then a prefix naming a category, else the log', () => {
    expect(indexFor({ stream: 'wallet-c1', type: 'WalletDebited' })).toEqual({ kind: 'stream', streamId: 'wallet-c1' });
    expect(indexFor({ correlationId: 'k1', type: 'WalletDebited' })).toEqual({ kind: 'correlation', correlationId: 'k1' });
    expect(indexFor({ type: 'WalletDebited', streamPrefix: 'wallet-' })).toEqual({ kind: 'type', type: 'WalletDebited' });
    expect(indexFor({ streamPrefix: 'charger-live-' })).toEqual({ kind: 'category', category: 'charger' });
    expect(indexFor({ streamPrefix: 'wal' })).toEqual({ kind: 'all' });
    expect(indexFor({})).toEqual({ kind: 'all' });
  });

  it('filters what the index yields by every other criterion', () => {
    const e = event();
    expect(matcher({ ...q, streamPrefix: 'wallet-' })(e)).toBe(true);
    expect(matcher({ ...q, streamPrefix: 'charger-live-' })(e)).toBe(false);
    expect(matcher({ ...q, actorType: 'system', actorId: 'charging' })(e)).toBe(true);
    expect(matcher({ ...q, actorType: 'customer' })(e)).toBe(false);
    expect(matcher({ ...q, from: '2026-03-01T09:00:00.000Z', to: '2026-03-01T10:00:00.000Z' })(e)).toBe(true);
    expect(matcher({ ...q, from: '2026-03-01T10:00:00.001Z' })(e)).toBe(false);
    expect(matcher({ ...q, to: '2026-03-01T09:59:59.999Z' })(e)).toBe(false);
    // A hashed correlation index may yield a stranger: it is dropped.
    expect(matcher({ ...q, correlationId: 'k2' })(e)).toBe(false);
  });

  it('leaves sign-ins out by default, and shows them when asked for or named', () => {
    const signIn = event({ streamId: 'refresh-family-f1', type: 'RefreshFamilyStarted' });
    expect(matcher({ ...q })(signIn)).toBe(false);
    expect(matcher({ ...q, actorType: 'system', q: 'x' })(signIn)).toBe(false);
    expect(matcher({ ...q })(event())).toBe(true);
    expect(matcher({ ...q, signIns: 'show' })(signIn)).toBe(true);
    expect(matcher({ ...q, streamPrefix: 'refresh-family-' })(signIn)).toBe(true);
    expect(matcher({ ...q, stream: 'refresh-family-f1' })(signIn)).toBe(true);
    expect(matcher({ ...q, type: 'RefreshFamilyStarted' })(signIn)).toBe(true);
    expect(matcher({ ...q, correlationId: 'k1' })(signIn)).toBe(true);
  });
});
