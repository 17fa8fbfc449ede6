import { defineConfig } from 'vitest/config';

// Two projects: everything on Node, and the React frontend in jsdom (configured in frontend/vite.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{contracts,platform,command-service,projections,query-service,ocpp-gateway,tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'tests/browser/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: false,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      'frontend/vite.config.ts',
    ],
  },
});
