// `npm test`: the checks (scripts/check.mjs) and `vitest run` at once. Some test phases wait more than they compute
// (the engine suites, the files that run alone), and the checks fill those gaps instead of running first. They run
// under the idle scheduling policy where Linux's `chrt` is at hand (else at nice 19), so they take no core a test
// wants. Vitest's output streams as it runs; the checks' is printed whole after it. Arguments go to vitest. Exits
// non-zero when either fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, report, runChecks } from './check.mjs';

const checks = runChecks({ priority: 19 });
const vitest = spawn(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
const testsPassed = await new Promise((resolve) => vitest.on('close', (code) => resolve(code === 0)));
const checksPassed = report(await checks);
if (!checksPassed) console.error('npm test: a check failed (above)');
process.exit(testsPassed && checksPassed ? 0 : 1);
