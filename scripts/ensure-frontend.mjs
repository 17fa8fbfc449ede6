// Builds frontend/dist (production mode, precompressed) when it is missing or older than its sources, so
// `npm start` always serves the current UI.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'frontend/dist');
const built = path.join(dist, 'index.html');
const sources = [
  'frontend/src',
  'frontend/public',
  'frontend/basemap',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'contracts/src',
].map((p) => path.join(root, p));

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), stat.mtimeMs);
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** .gz and .br beside every text asset; the server sends them to browsers that accept them. */
function precompress() {
  for (const file of files(dist)) {
    if (!/\.(js|css|html|json|svg|txt|map)$/.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

const stale = !existsSync(built) || sources.some((s) => newest(s) > statSync(built).mtimeMs);
if (stale || process.argv.includes('--force')) {
  const started = Date.now();
  process.stdout.write('Building the frontend (frontend/dist is missing or older than its sources)...\n');
  // Always a production build, whatever NODE_ENV the caller runs under (vitest sets "test").
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', 'frontend', '--silent'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress();
  process.stdout.write(`Frontend built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
