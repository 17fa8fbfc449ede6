import { ConfigError, loadConfig, type Config } from '../config/config';
import { createLogger, setLogLevel } from '../logging/logger';

/**
 * Shared start-up for a cluster service's own entry point: validated config, signals, a bounded shutdown.
 * `start` returns the function that stops the service.
 */
export function runService(name: string, start: (config: Config) => Promise<() => Promise<void>>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  setLogLevel(config.LOG_LEVEL);
  const log = createLogger(name);
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
