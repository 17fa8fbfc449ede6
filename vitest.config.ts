import { defineConfig } from 'vitest/config';

/** The suites that need a real Kafka or MongoDB-wire server. */
const ENGINE_SUITES = [
  'tests/contract/bus.kafka.test.ts',
  'tests/faults/ocpp-gateway-failover.kafka.test.ts',
  'tests/contract/documents.mongo.test.ts',
  'tests/contract/frame-log.mongo.test.ts',
  'tests/contract/files.gridfs.test.ts',
];

/**
 * The files that start several copies of the product as processes and hold them to time bounds (a silent gateway
 * killed after seconds, kill -9 and restarts, SIGTERM): they run one at a time, after the others, with the machine
 * to themselves.
 */
const ALONE_SUITES = [
  'tests/faults/ocpp-durability.security.test.ts',
  'tests/integration/ocpp-process.test.ts',
  'tests/integration/launcher.test.ts',
];

/** Unit files that replace a module (vi.mock): they keep a module graph of their own. */
const OWN_MODULES = ['platform/src/auth/access-tokens.test.ts'];

/**
 * How many test files run at once. The projects run in two groups, one after the other. First the ones that compute:
 * the journeys (Chromium) and the frontend in jsdom, two files at a time on a two-core machine (Vitest's default
 * leaves one core to itself). Then the ones that mostly wait (on a product, a socket, a broker, a timer): the backend
 * and the edges on Node, and the engine suites, several files at a time so that one file's waiting is another's
 * computing. Within a group the projects form one queue that starts with the longest files. VITEST_MAX_WORKERS (or
 * --maxWorkers) sets one value for every project, `alone` included: above 1, its files no longer run by themselves.
 */
const COMPUTING = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const WAITING = { maxWorkers: 4, sequence: { groupOrder: 1 } };

// Projects: everything on Node, the suites on real engines, the browser journeys, and the React frontend in jsdom
// (configured in frontend/vite.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          // The backend's unit tests and the product through its edges (tests/). The files of a worker share its
          // modules (isolate: false): the product's module graph, which most of them import, is evaluated once per
          // worker instead of once per file. So a file leaves process-wide state as it found it (the log level, the
          // clock, listeners) and closes what it starts.
          name: 'node',
          environment: 'node',
          ...WAITING,
          include: ['{contracts,platform,command-service,projections,query-service,ocpp-gateway,simulator,launcher,tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'tests/browser/**', ...ENGINE_SUITES, ...ALONE_SUITES, ...OWN_MODULES],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: false,
        test: {
          // The files that replace a module (vi.mock) keep a module graph of their own.
          name: 'own-modules',
          environment: 'node',
          ...WAITING,
          include: OWN_MODULES,
          testTimeout: 30_000,
          pool: 'forks',
        },
      },
      {
        extends: false,
        test: {
          // Vitest runs a project without file parallelism after the others, one file at a time.
          name: 'alone',
          environment: 'node',
          include: ALONE_SUITES,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        extends: false,
        test: {
          // The adapters against real servers: testcontainers where Docker answers, else Kafka and a MongoDB-wire
          // server that the global setup starts on 127.0.0.1 for the run (scripts/engines/).
          name: 'engines',
          environment: 'node',
          ...WAITING,
          include: ENGINE_SUITES,
          globalSetup: ['tests/contract/engines.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          pool: 'forks',
        },
      },
      {
        extends: false,
        test: {
          // The journeys: the global setup builds the frontend once and starts the run's one Chromium; each file
          // starts its own product (its own data, port and users) and connects, so two files run side by side safely.
          // Tests a file marks it.concurrent (independent tabs) run two at a time.
          name: 'browser',
          environment: 'node',
          ...COMPUTING,
          maxConcurrency: 2,
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        // The React frontend in jsdom, as frontend/vite.config.ts configures it. Each file still gets its own window
        // and module graph, but in a fresh VM context of a long-lived worker thread rather than in a new worker: making
        // the environment per file is then cheap instead of most of the project's time.
        extends: './frontend/vite.config.ts',
        root: 'frontend',
        test: {
          name: 'frontend',
          ...COMPUTING,
          pool: 'vmThreads',
          setupFiles: ['../tests/support/jsdom-vm-globals.ts'],
        },
      },
    ],
  },
});
