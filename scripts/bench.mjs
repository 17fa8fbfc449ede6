// `npm run bench [name...]`: runs the named benchmark suites (default: all) one after another.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const available = Object.keys(scripts).filter((s) => s.startsWith('bench:')).map((s) => s.slice(6));
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : available;
for (const name of wanted) {
  if (!available.includes(name)) {
    console.error(`No benchmark "${name}". Available: ${available.join(', ')}`);
    process.exit(2);
  }
  const result = spawnSync('npm', ['run', '--silent', `bench:${name}`], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
