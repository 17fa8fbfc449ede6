import type { TestProject } from 'vitest/node';
import { dockerUnavailableReason } from '../support/docker';
import { startEngine, type EngineName, type EnginesInfo, type StartedEngine } from '../support/engines';

/**
 * The engines project's setup: where no Docker engine answers, starts Apache Kafka and the MongoDB-wire server on
 * 127.0.0.1 for the whole run (both at once) and stops them after it; where one cannot be had, its suites print why
 * they skip. With Docker, the suites start testcontainers of their own and nothing is started here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((await dockerUnavailableReason()) === null) {
    project.provide('engines', { docker: true });
    return async () => undefined;
  }
  const names: EngineName[] = ['kafka', 'mongo'];
  const outcomes = await Promise.allSettled(names.map((name) => startEngine(name)));
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
  project.provide('engines', info);
  return async () => {
    await Promise.all(started.map((engine) => engine.stop()));
  };
}
