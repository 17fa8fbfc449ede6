import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';

/** src/locales/<language>/<catalog>.json: the public and app catalogs of each language. */
const CATALOG = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/](public|app)\.json$/;

/**
 * Production builds ship the ICU catalogs pre-parsed, so the browser does not need the message parser
 * (aliased to its no-parser build below). Dev and tests parse at runtime.
 */
function precompileCatalogs(): Plugin {
  return {
    name: 'evc:precompile-icu-catalogs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, parse(v)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** The id → [method, path] table of every operation, for `src/lib/api.ts` (types: src/lib/operation-routes.d.ts). */
const ROUTES_MODULE = 'virtual:evc/operation-routes';
const OPERATIONS_INDEX = fileURLToPath(new URL('../contracts/src/operations.ts', import.meta.url));

/**
 * Derives the API's routes from the contracts' operations index at build time and serves them as a plain table, so
 * the typed client knows every path without shipping the zod schemas the index holds.
 */
function operationRoutes(): Plugin {
  const resolved = `\0${ROUTES_MODULE}`;
  return {
    name: 'evc:operation-routes',
    resolveId: (id) => (id === ROUTES_MODULE ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      // loaded through Vite's module runner (TypeScript, extensionless imports), not bundled into the config
      const { module } = await runnerImport<typeof import('../contracts/src/operations')>(OPERATIONS_INDEX, { configFile: false, logLevel: 'error' });
      const table = Object.fromEntries(Object.values(module.operations).map((op) => [op.id, [op.method, op.path]]));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompileCatalogs(), operationRoutes()],
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
        : [],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/ocpp': { target: 'ws://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    // every browser the app supports has <link rel=modulepreload>; the polyfill would only cost landing-page bytes
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // each catalog is its own chunk, named after its language and audience (messages-ar-public-….js)
        chunkFileNames: (chunk) => {
          const catalog = chunk.facadeModuleId?.match(CATALOG);
          return catalog ? `assets/messages-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // The framework every page needs goes in one chunk (fewer requests, better gzip); Leaflet and zod stay
        // in the lazy chunks that use them, and so do the query hooks only forms and staff screens call.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@emotion|react-intl|@formatjs|intl-messageformat|jotai|stylis|hoist-non-react-statics|react-is|tslib)[\\/](?!.*[\\/](useMutation|mutationObserver|useQueries|queriesObserver)\.js$)/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
