import { ConfigError, loadConfig, type Config } from '../config/config';
import { createLogger, setLogLevel } from '../logging/logger';
import { setHeapGrowth } from '../runtime/heap-growth';

/** The validated configuration; a bad value prints which variable and why, and exits with status 2. */
export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    setLogLevel(config.LOG_LEVEL);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * Shared start-up for a cluster service's own entry point: validated config, signals, a bounded shutdown.
 * `start` returns the function that stops the service.
 */
export function runService(name: string, start: (config: Config) => Promise<() => Promise<void>>): void {
  const config = loadConfigOrExit();
  const log = createLogger(name);
  // The embedded launcher sets it in createEmbeddedApp, where the tests and benches build the same app.
  setHeapGrowth(config.HEAP_GROWTH_PERCENT);
  start(config).then(
    (stop) => {
      log.info(`started (${config.profile} profile)`);
      const shutdown = (signal: string) => {
        log.info(`${signal}: stopping`);
        setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
        stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    },
    (error: unknown) => {
      log.error('start-up failed', { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
}
