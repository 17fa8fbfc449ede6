import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { createHash } from 'node:crypto';

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

/**
 * The id → path table of the operations whose path is not `/api/commands/<id>`, for `src/lib/api.ts` (types:
 * src/lib/operation-routes.d.ts). Commands' paths follow from their id, and no caller needs the method: leaving both
 * out keeps the table, which the landing page loads, about half as large.
 */
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
      const { module } = await runnerImport<typeof import('../contracts/src/operations')>(OPERATIONS_INDEX, {
        configFile: false,
        logLevel: 'error',
      });
      const derived = (op: { id: string; path: string }) => op.path === `${module.COMMANDS_PREFIX}${op.id}`;
      const table = Object.fromEntries(Object.values(module.operations).flatMap((op) => (derived(op) ? [] : [[op.id, op.path]])));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

/**
 * The offline basemap of Egypt (basemap/README.md), built from npm data at build time into a static JSON asset with a
 * content hash; `virtual:evc/basemap-url` answers its URL, which only the lazy map chunk fetches.
 */
function offlineBasemap(): Plugin {
  const MODULE = 'virtual:evc/basemap-url';
  const BUILDER = fileURLToPath(new URL('./basemap/build-basemap.ts', import.meta.url));
  let built: Promise<{ json: string; fileName: string }> | undefined;
  const basemap = () =>
    (built ??= runnerImport<typeof import('./basemap/build-basemap')>(BUILDER, { configFile: false, logLevel: 'error' }).then(
      ({ module }) => {
        const json = JSON.stringify(module.buildBasemap());
        return { json, fileName: `assets/basemap-egypt-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json` };
      },
    ));
  return {
    name: 'evc:offline-basemap',
    resolveId: (id) => (id === MODULE ? `\0${MODULE}` : null),
    load: (id) => (id === `\0${MODULE}` ? basemap().then(({ fileName }) => `export default ${JSON.stringify(`/${fileName}`)};`) : null),
    async generateBundle() {
      const { json, fileName } = await basemap();
      this.emitFile({ type: 'asset', fileName, source: json });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        void basemap().then(({ json, fileName }) => {
          if (req.url !== `/${fileName}`) return next();
          res.setHeader('Content-Type', 'application/json');
          res.end(json);
        }, next);
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompileCatalogs(), operationRoutes(), offlineBasemap()],
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
