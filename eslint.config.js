// Lint: correctness rules plus the import directions of ARCHITECTURE.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const services = ['@evc/command-service', '@evc/query-service', '@evc/projections', '@evc/ocpp-gateway'];

// Backend import directions (ARCHITECTURE.md, "Import directions"). Each workspace names what it may import; every
// other workspace is refused, by package name and by a relative path into its folder.
const WORKSPACES = [
  'contracts',
  'platform',
  'launcher',
  'simulator',
  'command-service',
  'projections',
  'query-service',
  'ocpp-gateway',
  'frontend',
  'tests',
];
// These packages' index exports everything another workspace needs: deep paths into them are internals. (Platform's
// other modules, e.g. @evc/platform/http/access or /logging/logger, are its public entry points: the index exports
// only the ports, so that importing it never pulls in Nest, drivers or Node servers.)
const INDEXED = ['@evc/contracts/*', '@evc/projections/*', '@evc/platform/ports/*'];
const backendImports = (workspace, allowed, extra = []) => {
  const refused = WORKSPACES.filter((w) => w !== workspace && !allowed.includes(w));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: refused.flatMap((w) => [`@evc/${w}`, `@evc/${w}/*`]),
            message: `${workspace} ${allowed.length ? `may import only ${allowed.join(', ')}` : 'imports no other workspace'} (ARCHITECTURE.md, import directions).`,
          },
          {
            regex: `^(\\.\\./)+(${refused.join('|')})/`,
            message: `no relative paths into another workspace: import it by package name, if ${workspace} may.`,
          },
          ...(allowed.length
            ? [
                {
                  group: INDEXED.filter((p) => allowed.some((w) => p.startsWith(`@evc/${w}/`))),
                  message: 'import from the package index, which exports this.',
                },
              ]
            : []),
          ...extra,
        ],
      },
    ],
    // `const { internal, ...view } = doc` is how a read-model document becomes its view.
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
  };
};

// The frontend's import directions (bulletproof-react): app → features → shared, never back; no feature imports another.
const FRONTEND = './frontend/src';
const features = readdirSync(new URL(`${FRONTEND}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['components', 'config', 'hooks', 'lib', 'locales', 'stores', 'styles'].map((folder) => `${FRONTEND}/${folder}`);
const frontendZones = [
  ...features.map((feature) => ({
    target: `${FRONTEND}/features/${feature}`,
    from: `${FRONTEND}/features`,
    except: [`./${feature}`],
    message: 'features do not import each other: move what they share to components/, hooks/, lib/ or stores/, or compose them in app/.',
  })),
  // A context's staff screens live in features/<context>/admin/: its public and customer pages never import them, so
  // no staff code reaches their chunks.
  ...features.map((feature) => ({
    target: [`${FRONTEND}/features/${feature}/*`, `${FRONTEND}/features/${feature}/!(admin)/**`],
    from: `${FRONTEND}/features/${feature}/admin`,
    message: "a feature's pages do not import its staff screens (admin/); the app routes to them.",
  })),
  { target: `${FRONTEND}/features`, from: `${FRONTEND}/app`, message: 'features do not import the app; the app composes features.' },
  { target: SHARED, from: [`${FRONTEND}/features`, `${FRONTEND}/app`], message: 'shared code imports neither features nor the app.' },
  {
    target: `${FRONTEND}/components/ui`,
    from: `${FRONTEND}/components/admin`,
    message: 'the primitives sit below the admin shell (components/admin builds on them).',
  },
];
// The contracts' contexts (ARCHITECTURE.md): a context imports shared/ and another context's index.ts only, never its
// inner files; shared/ imports no context; no context imports the root joins (index, events, operations, upcasting).
const CONTRACTS = './contracts/src';
const contractContexts = readdirSync(new URL(CONTRACTS, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const contractZones = [
  ...contractContexts.map((context) => ({
    target: `${CONTRACTS}/${context}`,
    from: CONTRACTS,
    except: [`./${context}`, './shared', ...contractContexts.filter((other) => other !== context).map((other) => `./${other}/index.ts`)],
    message: "a context imports shared/ and other contexts through their index.ts only (and never the root's joins).",
  })),
  {
    target: `${CONTRACTS}/shared`,
    from: CONTRACTS,
    except: ['./shared'],
    message: 'shared/ is context-free: it imports no context and no root join.',
  },
];

const frontendImports = {
  patterns: [{ group: ['@evc/platform', ...services, '@evc/tests', 'node:*'], message: 'the frontend may import only @evc/contracts.' }],
  paths: [
    // their values are every zod schema: the typed client takes the types, vite.config.ts the routes
    {
      name: '@evc/contracts',
      allowTypeImports: true,
      message: 'import from a deep path (@evc/contracts/constants…): the barrel pulls every zod schema.',
    },
    { name: '@evc/contracts/operations', allowTypeImports: true, message: 'use lib/api.ts: the index pulls every zod schema.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['contracts/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      ...backendImports(
        'contracts',
        [],
        [
          { group: ['node:*', 'fs', 'path'], message: 'contracts is pure TypeScript shared with the browser: no Node APIs.' },
          { group: ['../../*'], message: 'contracts imports nothing outside contracts/src.' },
        ],
      ),
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: contractZones }],
    },
  },
  {
    files: ['platform/src/**'],
    rules: backendImports('platform', ['contracts']),
  },
  // The embedded launcher (launcher/, @evc/launcher) is the composition root: it alone imports every service and the
  // demonstration.
  {
    files: ['launcher/**'],
    rules: backendImports('launcher', [
      'contracts',
      'platform',
      'command-service',
      'projections',
      'query-service',
      'ocpp-gateway',
      'simulator',
    ]),
  },
  // The simulated chargers and the demonstration speak to the gateway as chargers do; they share its wire constants
  // and call deadlines, and the demonstration asks its login checks which demo chargers it may take. Only the launcher
  // and the tests import the simulator.
  { files: ['simulator/**'], rules: backendImports('simulator', ['contracts', 'platform', 'ocpp-gateway']) },
  { files: ['projections/**'], rules: backendImports('projections', ['contracts', 'platform']) },
  // Read-model document types, typed collection handles and position tracking come from projections.
  { files: ['query-service/**'], rules: backendImports('query-service', ['contracts', 'platform', 'projections']) },
  // The read side's rooms: projections and the query service have one folder per context (ARCHITECTURE.md's list).
  // A context imports its own files, the workspace's plumbing and another context's index.ts, never its inner files;
  // the plumbing (shared/, runner/, http/) imports no context; live/ (the streams) takes contexts through their
  // index. The composition (index.ts, all-projections.ts, compose.ts, the module) sits above them all. Tests may
  // reach anything, as they build what they test.
  ...(() => {
    const contextZones = (root, contexts, plumbing, composers = []) => [
      ...contexts.map((context) => ({
        target: `${root}/${context}`,
        from: root,
        except: [`./${context}`, ...plumbing.map((p) => `./${p}`), ...contexts.filter((c) => c !== context).map((c) => `./${c}/index.ts`)],
        message: 'a context imports another context only through its index.ts, and never the composition above it.',
      })),
      ...plumbing.map((folder) => ({
        target: `${root}/${folder}`,
        from: root,
        except: plumbing.map((p) => `./${p}`),
        message: 'plumbing imports no context and not the composition.',
      })),
      ...composers.map((folder) => ({
        target: `${root}/${folder}`,
        from: root,
        except: [`./${folder}`, ...plumbing.map((p) => `./${p}`), ...contexts.map((c) => `./${c}/index.ts`)],
        message: 'the streams take a context through its index.ts.',
      })),
    ];
    const zones = [
      ...contextZones(
        './projections/src',
        ['identity', 'network', 'catalog', 'chargers-live', 'charging', 'wallet', 'bookings', 'cards', 'contact', 'site', 'uptime'],
        ['shared', 'runner'],
      ),
      ...contextZones(
        './query-service/src',
        ['identity', 'network', 'catalog', 'charging', 'bookings', 'cards', 'contact', 'site', 'audit', 'reporting', 'uptime'],
        ['shared', 'http'],
        ['live'],
      ),
    ];
    return [
      {
        files: ['projections/src/**/*.ts', 'query-service/src/**/*.ts'],
        ignores: ['**/*.test.ts'],
        plugins: { 'import-x': importX },
        settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
        rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] },
      },
    ];
  })(),
  { files: ['command-service/**'], rules: backendImports('command-service', ['contracts', 'platform']) },
  // command-service: each context (a folder of src/) imports shared/ and other contexts' index.ts only; shared/ imports
  // no context; seed/ and upgrades/ (not contexts) reach a context through its index.ts too (command-service/README.md).
  // A context's tests may also run the demo seed as a fixture.
  ...(() => {
    const SRC = './command-service/src';
    const contexts = readdirSync(new URL(`${SRC}/`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['shared', 'seed', 'upgrades'].includes(entry.name))
      .map((entry) => entry.name);
    const zones = (fixtures) => [
      ...contexts.map((context) => ({
        target: `${SRC}/${context}`,
        from: SRC,
        except: [`./${context}`, './shared', ...contexts.filter((c) => c !== context).map((c) => `./${c}/index.ts`), ...fixtures],
        message:
          "a context imports shared/ and other contexts' index.ts only: export what it needs there, or move a generic helper to shared/.",
      })),
      {
        target: `${SRC}/shared`,
        from: SRC,
        except: ['./shared'],
        message: 'shared/ imports no context: a port it needs is an interface here, provided by a context or the composition.',
      },
      ...['seed', 'upgrades'].map((folder) => ({
        target: `${SRC}/${folder}`,
        from: contexts.map((c) => `${SRC}/${c}`),
        except: ['./index.ts'],
        message: `${folder}/ reaches a context through its index.ts.`,
      })),
    ];
    const block = (files, fixtures, ignores = []) => ({
      files,
      ignores,
      plugins: { 'import-x': importX },
      settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: zones(fixtures) }] },
    });
    return [
      block(['command-service/src/**'], [], ['command-service/src/**/*.test.ts']),
      block(['command-service/src/**/*.test.ts'], ['./seed']),
    ];
  })(),
  { files: ['ocpp-gateway/**'], rules: backendImports('ocpp-gateway', ['contracts', 'platform']) },
  {
    // Known exception until the gateway reads the charger_auth collection name from elsewhere (owner: gateway).
    files: ['ocpp-gateway/src/charger-auth.ts'],
    rules: backendImports('ocpp-gateway', ['contracts', 'platform', 'projections']),
  },
  {
    files: ['frontend/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'no-restricted-imports': ['error', frontendImports],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: frontendZones }],
      // One styling way: emotion with the theme's tokens and logical properties (so Arabic mirrors), never inline style objects.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="style"]',
          message:
            'style with emotion (a styled component, or the css prop) and the theme tokens; a value from data goes in as a prop of the styled component.',
        },
      ],
    },
  },
  {
    // tests may read the index itself (the route table is checked against it)
    files: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: frontendImports.patterns }] },
  },
);
