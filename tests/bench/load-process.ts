import { fork } from 'node:child_process';

/**
 * A bench's load (simulated chargers, phones) in a child process running the same script with BENCH_ROLE=load, so the
 * measured process is the product alone. `ask` sends one command and answers the child's reply.
 */
export function forkLoad<In, Out>(script: string): { ask(m: In): Promise<Out>; pid: number | null } {
  const child = fork(script, [], { env: { ...process.env, BENCH_ROLE: 'load' }, execArgv: process.execArgv, stdio: 'inherit' });
  return {
    pid: child.pid ?? null,
    ask: (m) =>
      new Promise((resolve, reject) => {
        // One pair of listeners per question, both removed by whichever comes first (no listener left per call).
        const onReply = (reply: unknown) => {
          child.off('error', onError);
          child.off('exit', onExit);
          resolve(reply as Out);
        };
        const onError = (error: Error) => {
          child.off('message', onReply);
          child.off('exit', onExit);
          reject(error);
        };
        const onExit = (code: number | null) => onError(new Error(`the load process exited (${code}) before answering`));
        child.once('message', onReply);
        child.once('error', onError);
        child.once('exit', onExit);
        child.send(m as object);
      }),
  };
}

/** The child's side: each message is handled and answered; `isLast` tells which reply ends the conversation. */
export function serveLoad<In, Out>(handle: (m: In) => Promise<Out>, isLast: (reply: Out) => boolean): void {
  process.on('message', (m: In) => {
    void handle(m).then((reply) => {
      process.send!(reply);
      if (isLast(reply)) process.disconnect();
    });
  });
}

/** A bench script's entry: the load child serves `load`, the parent runs `main` and exits with its outcome. */
export function runBench<In, Out>(main: () => Promise<void>, load: () => (m: In) => Promise<Out>, isLast: (reply: Out) => boolean): void {
  if (process.env.BENCH_ROLE === 'load') return serveLoad(load(), isLast);
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
