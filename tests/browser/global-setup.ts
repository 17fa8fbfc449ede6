import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/process';

/** The journeys need frontend/dist: build it when it is missing or older than its sources. */
export default function setup(): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-frontend.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the frontend did not build');
}
