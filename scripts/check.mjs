// The linter, the formatter's check and the two type checks at once (each runs on one core), each printed whole when
// it ends. Their caches live under node_modules/.cache (ESLint's by file content, tsc's incremental build info), so a
// run after a small change checks little more than the change. `npm run check` runs them alone; `npm test` runs them
// beside the tests (scripts/test.mjs). Exits non-zero when any of them fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

/**
 * Where Linux's `chrt` is at hand, a check below others runs under SCHED_IDLE: it gets a core only when nothing else
 * wants it, where a nice value still takes a share from whatever it runs beside.
 */
const IDLE_POLICY = process.platform === 'linux' && fs.existsSync('/usr/bin/chrt');

/** One check, its output kept whole: `{ name, ok, seconds, output }`. `priority` is a nice value (higher yields). */
function run([name, command, args], priority) {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, argv] = priority && IDLE_POLICY ? ['/usr/bin/chrt', ['--idle', '0', command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    if (priority) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // a lower priority is a courtesy to the tests beside it; without it the checks still run
      }
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: ((performance.now() - started) / 1000).toFixed(0), output }));
  });
}

/** Runs every check at once; `priority` lowers them below the process that starts them (a nice value). */
export function runChecks({ priority = 0 } = {}) {
  return Promise.all(CHECKS.map((check) => run(check, priority)));
}

/** Prints the checks' results; answers whether all passed. */
export function report(results) {
  for (const { name, ok, seconds, output } of results)
    process.stdout.write(`== ${name}: ${ok ? 'ok' : 'failed'} in ${seconds} s\n${output}`);
  return results.every((r) => r.ok);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(report(await runChecks()) ? 0 : 1);
