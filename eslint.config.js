// Lint: correctness rules plus the import directions of ARCHITECTURE.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const services = ['@evc/command-service', '@evc/query-service', '@evc/projections', '@evc/ocpp-gateway'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

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
    rules: restrict(['@evc/*', 'node:*', 'fs', 'path', '../../*'], 'contracts is pure TypeScript: no Node APIs, no other workspace.'),
  },
  {
    files: ['platform/src/**'],
    ignores: ['platform/src/launcher/**'],
    rules: restrict([...services, '@evc/frontend'], 'platform holds ports and adapters; only the launcher composes services.'),
  },
  {
    files: ['command-service/**', 'query-service/**', 'projections/**', 'ocpp-gateway/**'],
    rules: restrict(['@evc/frontend', '@evc/tests'], 'services never import the frontend or tests.'),
  },
  {
    files: ['frontend/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'no-restricted-imports': ['error', frontendImports],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: frontendZones }],
    },
  },
  {
    // tests may read the index itself (the route table is checked against it)
    files: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: frontendImports.patterns }] },
  },
);
