import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { ERROR_CODES } from '@evc/contracts/shared';

/**
 * The catalogs: locales/<language>/<catalog>.json, `public` (shell, layout, public pages, toasts, the errors and
 * validation messages public pages show) and `app` (auth screens, admin panel, customer area). See
 * features/i18n/load-messages.ts for when each is loaded.
 */
const LANGUAGES = ['en', 'ar'] as const;
const CATALOGS = ['public', 'app'] as const;
type Language = (typeof LANGUAGES)[number];
type CatalogName = (typeof CATALOGS)[number];
type Catalog = Record<string, string>;

const files = import.meta.glob<string>('./**/*.json', { query: '?raw', import: 'default', eager: true });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const catalog = (lang: Language, name: CatalogName) => JSON.parse(files[`./${lang}/${name}.json`] ?? '{}') as Catalog;
const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, Object.fromEntries(CATALOGS.map((name) => [name, catalog(lang, name)]))]),
) as Record<Language, Record<CatalogName, Catalog>>;
/** Everything a language has once both of its catalogs are loaded. */
const all = (lang: Language): Catalog => ({ ...catalogs[lang].public, ...catalogs[lang].app });
const en = all('en');
const ar = all('ar');
const allKeys = new Set([...Object.keys(en), ...Object.keys(ar)]);

/** Ids written literally in code: `id: '…'`, `id="…"`, and `` id={`prefix.${x}`} `` templates as prefixes. */
function idsIn(texts: string[]) {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\bid(?:Id)?\s*[:=]\s*\{?\s*['"]([a-z][\w.-]*)['"]/gi)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/\b(?:labelId|titleId|bodyId)\s*[:=]\s*\{?\s*['"]([a-z][\w.-]*)['"]/g)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/placeholder\([^)]*?,\s*['"]([a-z][\w.-]*)['"]\)/g)) exact.add(m[1] ?? '');
    for (const m of text.matchAll(/\bid\s*[:=]\s*\{?\s*`([a-z][\w.-]*)\$\{/g)) prefixes.add(m[1] ?? '');
  }
  // DOM ids (id="main", id="find") are not message ids; message ids always contain a dot
  return { exact: [...exact].filter((id) => id.includes('.')), prefixes: [...prefixes] };
}

/** Any quoted string that is a message id (`cond ? 'toast.success' : 'toast.error'`), and `` `prefix.${…}` `` templates. */
function idsReferencedIn(text: string) {
  // not type arguments: PathOf<'admins.create'> names an operation, not a message
  const exact = [...text.matchAll(/(?<!<)['"]([a-zA-Z][\w-]*\.[\w.-]+)['"]/g)].map((m) => m[1] ?? '').filter((s) => allKeys.has(s));
  const prefixes = [...text.matchAll(/`([a-zA-Z][\w-]*\.[\w.-]*)\$\{/g)].map((m) => m[1] ?? '');
  return { exact: [...new Set([...exact, ...idsIn([text]).exact])], prefixes };
}

// Lazy under routes that await the app catalog: the customer and staff features, every feature's admin/ screens, the
// app's staff frame (app/admin), its composed screens (app/screens) and the demo page.
const APP_FEATURE =
  /^\.\.\/(features\/(identity|charging|wallet|cards|bookings|catalog|chargers-live|audit|reporting)\/|features\/[\w-]+\/admin\/|app\/(admin|screens|demo)\/)/;
/** A module reachable from public code whose ids render only under routes that load the app catalog first. */
const APP_MARKER = /^\/\/ i18n-catalog: app\b/m;

function resolve(from: string, spec: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const segment of spec.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => candidate in sources);
}

/**
 * Public code: the modules reachable from main.tsx through static imports, and through dynamic imports except those
 * of the app's customer and staff code (their lazy screens and the inactivity monitor, which render only after
 * the app catalog has loaded: route loaders and SessionEffects await requireAppCatalog). What public code shows must
 * be in the public catalog, the one loaded before the first render.
 */
function publicModules(): string[] {
  const seen = new Set<string>();
  const queue = ['../main.tsx'];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const text = sources[file] ?? '';
    for (const m of text.matchAll(/(?:\bfrom|^import)\s*['"](\.[^'"]+)['"]/gm)) {
      const target = resolve(file, m[1] ?? '');
      if (target) queue.push(target);
    }
    for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = resolve(file, m[1] ?? '');
      if (target && !APP_FEATURE.test(target)) queue.push(target);
    }
  }
  return [...seen];
}

describe('message catalogs', () => {
  it('are the public and app catalogs of each language, none empty', () => {
    expect(Object.keys(files).sort()).toEqual(LANGUAGES.flatMap((l) => CATALOGS.map((c) => `./${l}/${c}.json`)).sort());
    for (const lang of LANGUAGES) for (const name of CATALOGS) expect(Object.keys(catalogs[lang][name]).length).toBeGreaterThan(50);
  });

  it('have the same keys in English and Arabic, catalog by catalog', () => {
    const differences = CATALOGS.map((name) => ({
      name,
      onlyEn: Object.keys(catalogs.en[name]).filter((k) => !(k in catalogs.ar[name])),
      onlyAr: Object.keys(catalogs.ar[name]).filter((k) => !(k in catalogs.en[name])),
    }));
    expect(differences).toEqual(CATALOGS.map((name) => ({ name, onlyEn: [], onlyAr: [] })));
  });

  it('hold each key in one catalog only', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(catalogs[lang].app).filter((k) => k in catalogs[lang].public)).toEqual([]);
    }
  });

  it('hold valid ICU messages', () => {
    const broken: string[] = [];
    for (const lang of LANGUAGES) {
      for (const name of CATALOGS) {
        for (const [key, message] of Object.entries(catalogs[lang][name])) {
          try {
            parse(message);
          } catch (e) {
            broken.push(`${lang}/${name}:${key}: ${(e as Error).message}`);
          }
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
    const { exact, prefixes } = idsIn(Object.values(sources));
    expect(exact.length).toBeGreaterThan(50);
    expect(exact.filter((id) => !(id in en))).toEqual([]);
    expect(prefixes.filter((p) => !Object.keys(en).some((k) => k.startsWith(p)))).toEqual([]);
  });

  it('hold in the public catalog every id that public code shows', () => {
    const modules = publicModules();
    // the graph walk must reach the shell and the public pages, and stop at the app screens
    expect(modules).toEqual(expect.arrayContaining(['../app/routes/root.tsx', '../features/site/components/landing-page.tsx']));
    expect(modules.filter((m) => /(components|admin)\/(sign-in-pages|admin-layout|profile-page|inactivity-monitor)/.test(m))).toEqual([]);
    const publicKeys = Object.keys(catalogs.en.public);
    const missing: string[] = [];
    for (const file of modules.filter((m) => !APP_MARKER.test(sources[m] ?? ''))) {
      const { exact, prefixes } = idsReferencedIn(sources[file] ?? '');
      for (const id of exact) if (!(id in catalogs.en.public)) missing.push(`${file.slice(3)}: ${id}`);
      for (const p of prefixes) if (!publicKeys.some((k) => k.startsWith(p))) missing.push(`${file.slice(3)}: ${p}…`);
    }
    expect(missing).toEqual([]);
  });

  it('translate every API error code and the zod issue codes', () => {
    const zodCodes = ['too_small', 'too_big', 'invalid_format', 'invalid_type', 'invalid_value', 'unrecognized_keys', 'outside_egypt'];
    const needed = [...ERROR_CODES.map((c) => `error.${c}`), ...zodCodes.map((c) => `validation.${c}`)];
    expect(needed.filter((k) => !(k in en) || !(k in ar))).toEqual([]);
    // public pages show the zod messages and the fallbacks of translateFieldError / translateErrorCode
    const publicNeeds = [...zodCodes.map((c) => `validation.${c}`), 'validation.invalid', 'error.server.error'];
    expect(publicNeeds.filter((k) => !(k in catalogs.en.public))).toEqual([]);
  });

  it("keep the rules' spelling of the toast titles", () => {
    expect(catalogs.en.public['toast.success']).toBe('Successful operation');
    expect(catalogs.en.public['toast.error']).toBe('Error occured');
  });
});
