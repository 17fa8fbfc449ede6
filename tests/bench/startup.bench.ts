// `npm start` time to first request: a first start (seeding the demo) and a restart (replaying the log).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, launch } from '../support/process';
import { benchOptions } from './options';
import { fmt } from './stats';

benchOptions('`npm start` to its first answered query: a first start that seeds the demo, and a restart', {});

async function timeToFirstRequest(dataDir: string): Promise<{ ms: number; listeningLine: string }> {
  const port = await freePort();
  const started = performance.now();
  const run = launch({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/queries/stations?pageSize=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error(`no answer in 60 s:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const listeningLine =
    run
      .output()
      .split('\n')
      .find((l) => l.includes('listening on')) ?? '';
  run.child.kill('SIGTERM');
  await run.exited;
  return { ms, listeningLine };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-bench-start-'));
const first = await timeToFirstRequest(dir);
const second = await timeToFirstRequest(dir);
await rm(dir, { recursive: true, force: true });
const after = (line: string) => line.match(/after (\d+) ms/)?.[1] ?? '?';
process.stdout.write(
  `\n## Start-up (process spawn → first answered query; frontend already built)\n\n| start | time to first request | launcher's own count |\n|---|---|---|\n` +
    `| first start, empty data dir (seeds the demo) | ${fmt(first.ms / 1000, 2)} s | ${after(first.listeningLine)} ms |\n` +
    `| restart (replays the log) | ${fmt(second.ms / 1000, 2)} s | ${after(second.listeningLine)} ms |\n`,
);
