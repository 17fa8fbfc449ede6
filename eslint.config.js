// Lint: correctness rules plus the import directions of ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const services = ['@evc/command-service', '@evc/query-service', '@evc/projections', '@evc/ocpp-gateway'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

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
    rules: restrict(['@evc/platform', ...services, '@evc/tests', 'node:*'], 'the frontend may import only @evc/contracts.'),
  },
);
