import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../support/process';
import { chromiumUnavailableReason, launchChromiumServer } from './support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, which every journey file connects to; empty where Chromium is not installed. */
    chromiumEndpoint: string;
  }
}

/**
 * The journeys need frontend/dist: build it when it is missing or older than its sources. Vitest sets
 * NODE_ENV=test, which Vite would honour and bundle React's development build (StrictMode then runs every
 * effect twice, e.g. two page views per navigation): the build always runs as production.
 * Then one Chromium for the run: starting it once, not once per file, and closing it after the last file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-frontend.mjs')], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the frontend did not build');
  const server = chromiumUnavailableReason() ? null : await launchChromiumServer();
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    await server?.close();
  };
}
