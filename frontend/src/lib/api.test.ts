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
  it('holds every operation of the contracts index with its method and path, and nothing else', () => {
    const fromIndex = Object.fromEntries(Object.entries(operations).map(([id, op]) => [id, [op.method, op.path]]));
    expect(routes).toEqual(fromIndex);
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
