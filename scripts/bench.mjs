// `npm run bench [-- name... --option value]`: runs the named benchmark suites (default: all) one after another;
// the options after the names go to each suite (`--help` prints every suite's options).
// `node scripts/bench.mjs --chain <name> [options]`: a suite of several scripts (bench:eventstore, bench:web). Each
// script declares its options (tests/bench/options.ts) and is handed only its own; an option no script of the chain
// declares is refused before anything runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRONTEND = 'scripts/ensure-frontend.mjs';
/** The suites of several scripts, in order; the frontend is built (when stale) where a script serves it. */
const CHAINS = {
  eventstore: ['tests/bench/eventstore.bench.ts', 'tests/bench/read-model-latency.bench.ts', FRONTEND, 'tests/bench/startup.bench.ts'],
  web: [FRONTEND, 'tests/bench/web.bench.ts', 'tests/bench/nearby.bench.ts'],
};

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', cwd: ROOT });
const exitOnFailure = (result) => {
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const benchArgs = (script, args) => ['--import', 'tsx', script, ...args];

/** The options a script declares: [{ flag, takesValue }]. */
function declared(script) {
  const result = spawnSync(process.execPath, benchArgs(script, ['--list-options']), {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

function runChain(name, args) {
  const steps = CHAINS[name];
  if (!steps) {
    console.error(`No chain "${name}". Chains: ${Object.keys(CHAINS).join(', ')}`);
    process.exit(2);
  }
  const scripts = steps.filter((s) => s !== FRONTEND);
  if (args.includes('--help') || args.includes('-h')) {
    for (const script of scripts) exitOnFailure(run(process.execPath, benchArgs(script, ['--help'])));
    return;
  }
  const own = new Map(scripts.map((s) => [s, []]));
  if (args.length > 0) {
    const options = new Map(scripts.map((s) => [s, declared(s)]));
    for (let i = 0; i < args.length; i++) {
      const [flag] = args[i].split('=', 1);
      const takers = scripts.filter((s) => options.get(s).some((o) => o.flag === flag));
      if (takers.length === 0) {
        const known = [...new Set([...options.values()].flat().map((o) => o.flag))].join(' ') || '(none)';
        console.error(`bench:${name}: unknown option ${args[i]}; its scripts take: ${known}`);
        process.exit(2);
      }
      const takesValue = !args[i].includes('=') && options.get(takers[0]).find((o) => o.flag === flag).takesValue;
      const given = takesValue ? args.slice(i, i + 2) : [args[i]];
      if (takesValue) i++;
      for (const s of takers) own.get(s).push(...given);
    }
  }
  for (const step of steps) {
    if (step === FRONTEND) exitOnFailure(run(process.execPath, [FRONTEND]));
    else exitOnFailure(run(process.execPath, benchArgs(step, own.get(step))));
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--chain') runChain(argv[1], argv.slice(2));
else {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  const available = Object.keys(scripts)
    .filter((s) => s.startsWith('bench:'))
    .map((s) => s.slice(6));
  const first = argv.findIndex((a) => a.startsWith('-'));
  const names = first < 0 ? argv : argv.slice(0, first);
  const options = first < 0 ? [] : argv.slice(first);
  for (const name of names.length ? names : available) {
    if (!available.includes(name)) {
      console.error(`No benchmark "${name}". Available: ${available.join(', ')}`);
      process.exit(2);
    }
    exitOnFailure(
      spawnSync('npm', ['run', '--silent', `bench:${name}`, ...(options.length ? ['--', ...options] : [])], {
        stdio: 'inherit',
        cwd: ROOT,
      }),
    );
  }
}
