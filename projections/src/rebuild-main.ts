import { performance } from 'node:perf_hooks';
import { loadConfig } from '@evc/platform/config/config';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { allProjections } from './all-projections';
import { ProjectionRunner } from './runner/projection-runner';

/**
 * `npm run projections:rebuild`: drop every read model and its checkpoint, replay the whole log, report the speed.
 * In the embedded profile read models live in memory and are rebuilt at every start anyway; this then verifies
 * that the log replays cleanly (stop the server first: the log directory is locked by the running process).
 */
const config = loadConfig();
const infra = await openInfrastructure(config, 'projections-rebuild');
const runner = new ProjectionRunner({ eventStore: infra.eventStore, documents: infra.documents, projections: allProjections() });
const started = performance.now();
await runner.rebuild();
const seconds = (performance.now() - started) / 1000;
const head = await infra.eventStore.headPosition();
process.stdout.write(
  `Rebuilt ${allProjections().length} projections from ${head} log positions (${runner.appliedCount} events applied) in ${seconds.toFixed(2)} s` +
    ` (${Math.round(runner.appliedCount / Math.max(seconds, 1e-6))} events/s)\n`,
);
await runner.stop();
await infra.close();
