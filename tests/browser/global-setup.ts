import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/process';

/**
 * The journeys need frontend/dist: build it when it is missing or older than its sources. Vitest sets
 * NODE_ENV=test, which Vite would honour and bundle React's development build (StrictMode then runs every
 * effect twice, e.g. two page views per navigation): the build always runs as production.
 */
export default function setup(): void {
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-frontend.mjs')], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the frontend did not build');
}
