// `npm test`'s first step: the linter, the formatter's check and the two type checks at once (each runs on one core), each printed whole when
// it ends. Their caches live under node_modules/.cache (ESLint's by file content, tsc's incremental build info), so a
// run after a small change checks little more than the change. Exits non-zero when any of them fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECKS = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format (Prettier)', 'npm', ['run', '--silent', 'format:check']],
  [
    'typecheck (backend)',
    'npx',
    ['tsc', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/backend.tsbuildinfo'],
  ],
  [
    'typecheck (frontend)',
    'npx',
    ['tsc', '-p', 'frontend/tsconfig.json', '--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/frontend.tsbuildinfo'],
  ],
];

function run([name, command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`== ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
