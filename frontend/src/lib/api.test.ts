import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '@evc/contracts/operations';
import routes from 'virtual:evc/operation-routes';
import { api, pathOf } from './api';

afterEach(() => vi.unstubAllGlobals());

function recordFetch(answer: () => Response = () => Response.json({ ok: true })) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => (calls.push({ url, init }), answer()));
  return calls;
}

describe('the route table', () => {
  it("holds the path of every operation of the contracts index that is not a command's own, and nothing else", () => {
    const kept = Object.entries(operations).filter(([id, op]) => op.path !== `/api/commands/${id}`);
    expect(routes).toEqual(Object.fromEntries(kept.map(([id, op]) => [id, op.path])));
    expect(kept.length).toBeGreaterThan(50); // the queries, the live streams, the beacons
  });

  it('resolves every operation to its path (a path without parameters as it is)', () => {
    for (const [id, op] of Object.entries(operations)) {
      const params = Object.fromEntries([...op.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, `<${name}>`]));
      expect(pathOf(id as keyof typeof operations, params as never), id).toBe(
        op.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(`<${name}>`)),
      );
    }
  });
});

describe('api', () => {
  it('fills path parameters and puts the rest, with the position, in the query string', async () => {
    const calls = recordFetch();
    await api.query('wallets.admin-get', { customerId: 'c/1', filter: 'incoming', page: 2 }, { position: 7 });
    expect(calls[0]?.url).toBe('/api/queries/admin/customers/c%2F1/wallet?filter=incoming&page=2&position=7');
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('posts a command as JSON to its path', async () => {
    const calls = recordFetch();
    await api.command('sessions.stop', { sessionId: 's-1' });
    expect(calls[0]?.url).toBe('/api/commands/sessions.stop');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"sessionId":"s-1"}' });
  });

  it('answers a file as a Blob with the Accept asked for', async () => {
    const calls = recordFetch(() => new Response('a,b\n', { headers: { 'Content-Type': 'text/csv' } }));
    const file = await api.file('customers.admin-list', { format: 'csv' }, { accept: 'text/csv' });
    expect(await file.text()).toBe('a,b\n');
    expect((calls[0]?.init.headers as Record<string, string>).Accept).toBe('text/csv');
  });

  it('uploads a file as multipart to files.upload', async () => {
    const calls = recordFetch(() => Response.json({ fileId: 'f' }));
    await api.upload(new File(['x'], 'a.png', { type: 'image/png' }), 'licence');
    expect(calls[0]?.url).toBe(pathOf('files.upload', {}));
    expect((calls[0]?.init.body as FormData).get('purpose')).toBe('licence');
  });
});
