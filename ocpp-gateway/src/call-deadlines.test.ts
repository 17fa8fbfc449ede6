import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CallDeadlines, CallTimeoutError } from './call-deadlines';

/** A client whose calls are answered (or not) by the test, honouring the signal as ocpp-rpc does. */
function fakeClient() {
  const calls: {
    method: string;
    options: { callTimeoutMs?: number; signal?: AbortSignal };
    answer(value: unknown): void;
    fail(error: Error): void;
  }[] = [];
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

/**
 * A client as ocpp-rpc's is: one call at a time (callConcurrency 1), the others queued, and a call's signal listened
 * to only once the call leaves the queue (with events.once, which never fires for a signal aborted before).
 */
function queueingClient() {
  const sent: { method: string; answer(value: unknown): void }[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  return {
    sent,
    call(method: string, _params: unknown, options: { signal?: AbortSignal } = {}) {
      const run = () =>
        new Promise<unknown>((resolve, reject) => {
          sent.push({ method, answer: resolve });
          if (options.signal)
            void once(options.signal, 'abort').then(() => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        });
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

describe('CallDeadlines', () => {
  it('answers CallTimeoutError for a call whose deadline passed while it waited behind an unanswered one, and never sends it', async () => {
    for (let round = 0; round < 5; round++) {
      const client = queueingClient();
      const deadlines = new CallDeadlines();
      const unanswered = deadlines.call(client, 'GetLocalListVersion', {}, 30_000).catch((e: unknown) => e);
      const waiting = deadlines.call(client, 'ReserveNow', {}, 30_000 + round).catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(client.sent.map((c) => c.method)).toEqual(['GetLocalListVersion']);
      deadlines.sweep(Date.now() + 31_000);
      const outcome = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('no outcome'), 200))]);
      expect(outcome).toBeInstanceOf(CallTimeoutError);
      expect(await unanswered).toBeInstanceOf(CallTimeoutError);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(client.sent.map((c) => c.method)).toEqual(['GetLocalListVersion']);
      expect(deadlines.size).toBe(0);
    }
  });

  it('sends a waiting call as soon as the one before it is answered', async () => {
    const client = queueingClient();
    const deadlines = new CallDeadlines();
    const first = deadlines.call(client, 'GetLocalListVersion', {}, 30_000);
    const second = deadlines.call(client, 'ReserveNow', {}, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.sent[0]!.answer({ listVersion: 1 });
    await expect(first).resolves.toEqual({ listVersion: 1 });
    await expect.poll(() => client.sent.length).toBe(2);
    client.sent[1]!.answer({ status: 'Accepted' });
    await expect(second).resolves.toEqual({ status: 'Accepted' });
  });

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
    await expect.poll(() => client.calls.length).toBe(2);
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
