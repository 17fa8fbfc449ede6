import { performance } from 'node:perf_hooks';
import { demoChargersPath } from '@evc/command-service';
import { createLogger } from '@evc/platform/logging/logger';
import { loadConfigOrExit } from '@evc/platform/hosting/service-main';
import { createEmbeddedApp } from './embedded-app';

/** `npm start`: the whole product in one process (embedded profile), or refuses to start naming the bad variable. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfigOrExit();
  const log = createLogger('launcher');
  if (config.profile !== 'embedded') {
    log.warn('cluster URLs are set: `npm start` still runs all services in this one process, against the cluster stores');
  }
  const embedded = await createEmbeddedApp(config);
  await embedded.app.listen({ port: config.PORT, host: config.HOST });
  const ms = Math.round(performance.now() - started);
  log.info(`listening on http://localhost:${config.PORT} (${config.profile} profile, data in ${embedded.infra.dataDir}) after ${ms} ms`);
  if (embedded.seed.seeded) log.info(`demo chargers' ids and secret keys: ${demoChargersPath(embedded.infra.dataDir)}`);

  let signals = 0;
  const shutdown = (signal: string) => {
    if (++signals > 1) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    log.info(`${signal}: stopping (no new connections; draining)`);
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    embedded.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
