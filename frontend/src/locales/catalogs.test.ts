import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { ERROR_CODES } from '@evc/contracts/errors';

const catalogs = import.meta.glob<string>('./*.json', { query: '?raw', import: 'default', eager: true });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const en = JSON.parse(catalogs['./en.json'] ?? '{}') as Record<string, string>;
const ar = JSON.parse(catalogs['./ar.json'] ?? '{}') as Record<string, string>;

/** Ids written literally in code: `id: '…'`, `id="…"`, and `` id={`prefix.${x}`} `` templates as prefixes. */
function idsUsedInCode() {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(/\bid(?:Id)?\s*[:=]\s*\{?\s*['"]([a-z][\w.-]*)['"]/gi)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/\b(?:labelId|titleId|bodyId)\s*[:=]\s*\{?\s*['"]([a-z][\w.-]*)['"]/g)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/placeholder\([^)]*?,\s*['"]([a-z][\w.-]*)['"]\)/g)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/\bid\s*[:=]\s*\{?\s*`([a-z][\w.-]*)\$\{/g)) prefixes.add(m[1] ?? '');
    if (!file) continue;
  }
  // DOM ids (id="main", id="find") are not message ids; message ids always contain a dot
  return { exact: [...exact].filter((id) => id.includes('.')), prefixes: [...prefixes] };
}

describe('message catalogs', () => {
  it('are not empty', () => {
    expect(Object.keys(en).length).toBeGreaterThan(100);
  });

  it('have the same keys in English and Arabic', () => {
    const onlyEn = Object.keys(en).filter((k) => !(k in ar));
    const onlyAr = Object.keys(ar).filter((k) => !(k in en));
    expect({ onlyEn, onlyAr }).toEqual({ onlyEn: [], onlyAr: [] });
  });

  it('hold valid ICU messages', () => {
    const broken: string[] = [];
    for (const [lang, catalog] of Object.entries({ en, ar })) {
      for (const [key, message] of Object.entries(catalog)) {
        try {
          parse(message);
        } catch (e) {
          broken.push(`${lang}:${key}: ${(e as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('use the same arguments in both languages', () => {
    const args = (m: string) => [...new Set([...m.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((x) => x[1]))].sort();
    const differ = Object.keys(en).filter((k) => ar[k] !== undefined && args(en[k] ?? '').join() !== args(ar[k] ?? '').join());
    expect(differ).toEqual([]);
  });

  it('contain every message id used in code', () => {
    const { exact, prefixes } = idsUsedInCode();
    expect(exact.length).toBeGreaterThan(50);
    expect(exact.filter((id) => !(id in en))).toEqual([]);
    expect(prefixes.filter((p) => !Object.keys(en).some((k) => k.startsWith(p)))).toEqual([]);
  });

  it('translate every API error code and the zod issue codes', () => {
    const zodCodes = ['too_small', 'too_big', 'invalid_format', 'invalid_type', 'invalid_value', 'unrecognized_keys', 'outside_egypt'];
    const needed = [...ERROR_CODES.map((c) => `error.${c}`), ...zodCodes.map((c) => `validation.${c}`)];
    expect(needed.filter((k) => !(k in en) || !(k in ar))).toEqual([]);
  });

  it('keep the spec spelling of the toast titles', () => {
    expect(en['toast.success']).toBe('Successful operation');
    expect(en['toast.error']).toBe('Error occured');
  });
});
