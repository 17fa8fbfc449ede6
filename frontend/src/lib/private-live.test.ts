import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { subscribePrivateLive } from './private-live';

/** A response whose body stays open until `end`, and whose frames `send` writes. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (frame: string) => controller.enqueue(new TextEncoder().encode(frame)),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.unstubAllGlobals());

describe('private live updates (SSE /api/live/me)', () => {
  it('once the stream opens, the lists read before it listened read again; then each change invalidates its roots', async () => {
    const stream = openStream();
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(['alerts', 'list', {}], { dataList: [], totalCount: 0 });
    client.setQueryData(['wallets', 'mine'], {});
    const stop = subscribePrivateLive(client, () => 'token', { alerts: [['alerts']] });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer token' } });
    await settle();
    // read before the stream listened: not yet invalidated while the stream is still opening
    expect(client.getQueryState(['alerts', 'list', {}])?.isInvalidated).toBe(false);
    answer(stream.response);
    await settle();
    expect(client.getQueryState(['alerts', 'list', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wallets', 'mine'])?.isInvalidated).toBe(false); // not mapped

    client.setQueryData(['alerts', 'list', {}], { dataList: [], totalCount: 0 }, { updatedAt: Date.now() + 60_000 });
    expect(client.getQueryState(['alerts', 'list', {}])?.isInvalidated).toBe(false);
    stream.send('event: change\ndata: {"collection":"alerts","position":3}\n\n');
    await settle();
    expect(client.getQueryState(['alerts', 'list', {}])?.isInvalidated).toBe(true);
    stop();
  });
});
