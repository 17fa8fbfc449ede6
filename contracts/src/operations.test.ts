import { describe, expect, it } from 'vitest';
import { COMMANDS_PREFIX, QUERIES_PREFIX, operations } from './operations';

const all = Object.entries(operations);

describe('the operations index', () => {
  it('keys every operation by its own id', () => {
    for (const [key, op] of all) expect(op.id, key).toBe(key);
  });

  it('gives each method and path to one operation only', () => {
    const routes = all.map(([, op]) => `${op.method} ${op.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('routes generic commands at /api/commands/<id> and generic queries under /api/queries/', () => {
    for (const [id, op] of all) {
      if ('dedicated' in op) continue;
      if (op.kind === 'command') expect(op.path, id).toBe(`${COMMANDS_PREFIX}${id}`);
      else expect(op.path.startsWith(QUERIES_PREFIX), id).toBe(true);
    }
  });

  it('names every path parameter in the params schema, and no other', () => {
    for (const [id, op] of all) {
      const inPath = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = 'params' in op && op.params ? Object.keys((op.params as { shape: object }).shape).sort() : [];
      expect(declared, id).toEqual(inPath);
    }
  });

  it('gives every generic command an input schema (a body is always parsed)', () => {
    for (const [id, op] of all) if (op.kind === 'command' && !('dedicated' in op)) expect('input' in op && op.input, id).toBeTruthy();
  });
});
