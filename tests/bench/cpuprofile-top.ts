// `node --import tsx tests/bench/cpuprofile-top.ts <file.cpuprofile> [n] [--window a:b]`: where a CPU profile's time
// went, by function (self time) and by file (self time summed), so two profiles can be compared without a browser.
// `--window a:b` keeps the samples from a to b seconds before the profile's end (a whole-life profile's busy minute).
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const windowAt = process.argv.indexOf('--window');
const window = windowAt > 0 ? process.argv.splice(windowAt, 2)[1]!.split(':').map(Number) : null;
const [file, limit = '30'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: cpuprofile-top.ts <file.cpuprofile> [n]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number };
const self = new Map<number, number>();
let at = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0);
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  const before = (profile.endTime - at) / 1e6;
  if (window && (before > window[0]! || before < window[1]!)) return;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  const where = node.callFrame.url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm:')
    .replace(process.cwd() + '/', '');
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  byFile.set(where || node.callFrame.functionName, (byFile.get(where || node.callFrame.functionName) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)\n`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(limit)))
    process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}\n`);
};
// Inclusive: the time of every sample whose stack passes through a file of the project (each file once a sample).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const files = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const url = nodeById
      .get(at)!
      .callFrame.url.replace(/^file:\/\//, '')
      .replace(process.cwd() + '/', '');
    if (url && !url.includes('node_modules') && !url.startsWith('node:')) files.add(url);
  }
  for (const file of files) inclusive.set(file, (inclusive.get(file) ?? 0) + us);
}
show('self time by file', byFile);
show('time under each project file (inclusive)', inclusive);
show('self time by function', byFunction);
