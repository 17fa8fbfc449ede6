// Lint: correctness rules plus the import directions of ARCHITECTURE.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const services = ['@evc/command-service', '@evc/query-service', '@evc/projections', '@evc/ocpp-gateway'];

// Backend import directions (ARCHITECTURE.md, "Import directions"). Each workspace names what it may import; every
// other workspace is refused, by package name and by a relative path into its folder.
const WORKSPACES = ['contracts', 'platform', 'launcher', 'command-service', 'projections', 'query-service', 'ocpp-gateway', 'frontend', 'tests'];
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
          { group: refused.flatMap((w) => [`@evc/${w}`, `@evc/${w}/*`]), message: `${workspace} ${allowed.length ? `may import only ${allowed.join(', ')}` : 'imports no other workspace'} (ARCHITECTURE.md, import directions).` },
          { regex: `^(\\.\\./)+(${refused.join('|')})/`, message: `no relative paths into another workspace: import it by package name, if ${workspace} may.` },
          ...(allowed.length ? [{ group: INDEXED.filter((p) => allowed.some((w) => p.startsWith(`@evc/${w}/`))), message: 'import from the package index, which exports this.' }] : []),
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
  { target: `${FRONTEND}/features`, from: `${FRONTEND}/app`, message: 'features do not import the app; the app composes features.' },
  { target: SHARED, from: [`${FRONTEND}/features`, `${FRONTEND}/app`], message: 'shared code imports neither features nor the app.' },
];
const frontendImports = {
  patterns: [{ group: ['@evc/platform', ...services, '@evc/tests', 'node:*'], message: 'the frontend may import only @evc/contracts.' }],
  paths: [
    // their values are every zod schema: the typed client takes the types, vite.config.ts the routes
    { name: '@evc/contracts', allowTypeImports: true, message: 'import from a deep path (@evc/contracts/constants…): the barrel pulls every zod schema.' },
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
    rules: backendImports('contracts', [], [
      { group: ['node:*', 'fs', 'path'], message: 'contracts is pure TypeScript shared with the browser: no Node APIs.' },
      { group: ['../../*'], message: 'contracts imports nothing outside contracts/src.' },
    ]),
  },
  {
    files: ['platform/src/**'],
    rules: backendImports('platform', ['contracts']),
  },
  // The embedded launcher (platform/launcher, @evc/launcher) is the composition root: it alone imports every service.
  { files: ['platform/launcher/**'], rules: backendImports('launcher', ['contracts', 'platform', 'command-service', 'projections', 'query-service', 'ocpp-gateway']) },
  { files: ['projections/**'], rules: backendImports('projections', ['contracts', 'platform']) },
  // Read-model document types, typed collection handles and position tracking come from projections.
  { files: ['query-service/**'], rules: backendImports('query-service', ['contracts', 'platform', 'projections']) },
  { files: ['command-service/**'], rules: backendImports('command-service', ['contracts', 'platform']) },
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
          message: 'style with emotion (a styled component, or the css prop) and the theme tokens; a value from data goes in as a prop of the styled component.',
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
