// Builds frontend/dist when it is missing or older than its sources, so `npm start` always serves the current UI.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'frontend/dist/index.html');
const sources = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'contracts/src'].map((p) => path.join(root, p));

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), stat.mtimeMs);
}

const stale = !existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs);
if (stale || process.argv.includes('--force')) {
  const started = Date.now();
  process.stdout.write('Building the frontend (frontend/dist is missing or older than its sources)...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', 'frontend', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  process.stdout.write(`Frontend built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
