import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/** The workspaces whose runtime code ships: each declares every package its source imports. */
const WORKSPACES = ['contracts', 'platform', 'launcher', 'simulator', 'command-service', 'projections', 'query-service', 'ocpp-gateway'];
/** Imported only by test helpers that live beside the code (the root's devDependencies provide them). */
const TEST_ONLY = new Set(['vitest']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function importedPackages(workspace: string): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, workspace, 'src'))) {
    const text = readFileSync(file, 'utf8');
    // static imports and re-exports (`… from 'x'`, also across lines), side-effect imports, dynamic imports
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gms),
      ...text.matchAll(/^\s*import\s*'([^']+)'/gm),
      ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
    ].map((m) => m[1]!);
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.') && !specifier.startsWith('node:')) used.add(packageOf(specifier));
    }
  }
  return used;
}

describe('workspace dependencies', () => {
  it.each(WORKSPACES)('%s declares every package it imports (no reaching into a sibling undeclared)', (workspace) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const missing = [...importedPackages(workspace)].filter((p) => !declared.has(p) && !TEST_ONLY.has(p)).sort();
    expect(missing).toEqual([]);
  });
});
