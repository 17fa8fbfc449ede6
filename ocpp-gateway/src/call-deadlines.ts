/** An outbound OCPP-J call the other side did not answer in time. */
export class CallTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Call timeout (${timeoutMs} ms)`);
    this.name = 'TimeoutError';
  }
}

interface Caller {
  call(method: string, params: unknown, options?: { callTimeoutMs?: number; signal?: AbortSignal }): Promise<unknown>;
}

interface Pending {
  deadline: number;
  controller: AbortController;
}

/**
 * The time limits of outbound OCPP-J calls, kept by one sweep (every `everyMs`) instead of ocpp-rpc's own timer per
 * call. ocpp-rpc arms a timer for each call through an AbortController and builds its TimeoutError up front, then
 * aborts the timer when the answer comes, which builds a DOMException and rejects a promise: a large share of
 * what a whole call costs the caller's CPU. Here a call carries only a signal;
 * the sweep aborts the calls past their deadline, which ocpp-rpc then rejects and forgets, and this answers
 * CallTimeoutError. A deadline is kept to within `everyMs`.
 *
 * Calls to one client wait here, one at a time (OCPP-J: a new call only once the last is answered or timed out),
 * not in ocpp-rpc's queue: ocpp-rpc listens to a call's signal only once the call leaves its queue, so a call whose
 * deadline passed while it waited behind an unanswered one was sent late and then had no time limit at all (its
 * outcome never came). Here a call whose deadline passes while it waits is answered CallTimeoutError at once and
 * never sent.
 */
export class CallDeadlines {
  private readonly pending = new Set<Pending>();
  /** Per client: settles once every call handed to it so far has settled (the next call waits for it). */
  private readonly lines = new WeakMap<Caller, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly everyMs = 1000) {}

  async call(client: Caller, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const entry: Pending = { deadline: Date.now() + timeoutMs, controller: new AbortController() };
    this.pending.add(entry);
    this.timer ??= setInterval(() => this.sweep(), this.everyMs).unref();
    const before = this.lines.get(client);
    let settled!: () => void;
    const mine = new Promise<void>((resolve) => (settled = resolve));
    const line = before ? Promise.all([before, mine]).then(() => undefined) : mine;
    this.lines.set(client, line);
    void line.then(() => {
      if (this.lines.get(client) === line) this.lines.delete(client);
    });
    const { signal } = entry.controller;
    let stopWaiting = () => {};
    try {
      if (before)
        await Promise.race([
          before,
          new Promise<void>((resolve) => ((stopWaiting = resolve), signal.addEventListener('abort', () => resolve(), { once: true }))),
        ]);
      if (signal.aborted) throw new CallTimeoutError(timeoutMs);
      return await client.call(method, params, { callTimeoutMs: Infinity, signal });
    } catch (error) {
      throw signal.aborted ? new CallTimeoutError(timeoutMs) : error;
    } finally {
      stopWaiting();
      settled();
      this.pending.delete(entry);
      if (this.pending.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    }
  }

  /** Aborts every call past its deadline (the timer's work; tests call it with a later `now`). */
  sweep(now = Date.now()): void {
    for (const entry of this.pending) if (now >= entry.deadline) entry.controller.abort();
  }

  /** Calls waiting for an answer. */
  get size(): number {
    return this.pending.size;
  }
}
