import { describe, expect, it } from 'vitest';
import { CallDeadlines, CallTimeoutError } from './call-deadlines';

/** A client whose calls are answered (or not) by the test, honouring the signal as ocpp-rpc does. */
function fakeClient() {
  const calls: { method: string; options: { callTimeoutMs?: number; signal?: AbortSignal }; answer(value: unknown): void; fail(error: Error): void }[] = [];
  return {
    calls,
    call(method: string, _params: unknown, options: { callTimeoutMs?: number; signal?: AbortSignal } = {}) {
      return new Promise<unknown>((resolve, reject) => {
        calls.push({ method, options, answer: resolve, fail: reject });
        options.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      });
    },
  };
}

describe('CallDeadlines', () => {
  it('answers what the charger answered, with no timer of the library armed', async () => {
    const client = fakeClient();
    const deadlines = new CallDeadlines();
    const call = deadlines.call(client, 'RemoteStartTransaction', {}, 30_000);
    expect(client.calls[0]!.options.callTimeoutMs).toBe(Infinity);
    client.calls[0]!.answer({ status: 'Accepted' });
    await expect(call).resolves.toEqual({ status: 'Accepted' });
    expect(deadlines.size).toBe(0);
  });

  it('aborts a call past its deadline at the sweep, and answers CallTimeoutError; others wait on', async () => {
    const client = fakeClient();
    const deadlines = new CallDeadlines();
    const late = deadlines.call(client, 'Reset', {}, 1_000);
    const patient = deadlines.call(client, 'Reset', {}, 60_000);
    deadlines.sweep(Date.now() + 500);
    expect(deadlines.size).toBe(2);
    deadlines.sweep(Date.now() + 1_500);
    const error = await late.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallTimeoutError);
    expect((error as Error).name).toBe('TimeoutError');
    expect(deadlines.size).toBe(1);
    client.calls[1]!.answer({ status: 'Accepted' });
    await expect(patient).resolves.toEqual({ status: 'Accepted' });
  });

  it('passes on an error the call ended with by itself', async () => {
    const client = fakeClient();
    const deadlines = new CallDeadlines();
    const call = deadlines.call(client, 'Reset', {}, 30_000);
    client.calls[0]!.fail(Object.assign(new Error('NotImplemented'), { rpcErrorCode: 'NotImplemented' }));
    await expect(call).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });
  });
});
