import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dockerUnavailableReason } from '../support/docker';
import { startEngine, type EngineName, type EnginesInfo, type StartedEngine } from '../support/engines';

/**
 * The engines project's setup: where no Docker engine answers, starts Apache Kafka and the MongoDB-wire server on
 * 127.0.0.1 for the whole run (both at once) and stops them after it; where one cannot be had, its suites print why
 * they skip. With Docker, the suites start testcontainers of their own and nothing is started here.
 *
 * The setup does not wait for the engines: they start while the other projects' files run (a broker's start is
 * tens of seconds of a JVM, during which nothing else would run), and it hands the suites the file where it writes
 * their addresses once both have settled; `enginesInfo()` (support/engines.ts) waits for that file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((await dockerUnavailableReason()) === null) {
    project.provide('engines', { docker: true });
    return async () => undefined;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evc-engines-'));
  const file = path.join(dir, 'engines.json');
  project.provide('enginesFile', file);
  const names: EngineName[] = ['kafka', 'mongo'];
  const starting = Promise.allSettled(names.map((name) => startEngine(name))).then(async (outcomes) => {
    const started: StartedEngine[] = [];
    const engines = {} as Record<EngineName, { url: string } | { skip: string }>;
    outcomes.forEach((outcome, i) => {
      const name = names[i]!;
      if (outcome.status === 'fulfilled') {
        started.push(outcome.value);
        engines[name] = { url: outcome.value.url };
        console.log(`[engines] ${name} on ${outcome.value.url}`);
      } else {
        const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        engines[name] = { skip: reason };
        console.warn(`[engines] ${name} could not be started: ${reason}`);
      }
    });
    const info: EnginesInfo = { docker: false, engines };
    // written whole, then renamed: a suite never reads half a file
    await writeFile(`${file}.part`, JSON.stringify(info));
    await rename(`${file}.part`, file);
    return started;
  });
  return async () => {
    const started = await starting;
    await Promise.all(started.map((engine) => engine.stop()));
    await rm(dir, { recursive: true, force: true });
  };
}
