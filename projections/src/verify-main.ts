import { performance } from 'node:perf_hooks';
import type { DocumentStore } from '@evc/platform';
import { loadConfig } from '@evc/platform/config/config';
import { createMemoryDocumentStore } from '@evc/platform/documents/index';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { allProjections } from './all-projections';
import { CHECKPOINT_DOCS, ProjectionRunner, RUNNER_CHECKPOINT_ID } from './runner/projection-runner';
import { formatReport, replayInto, verifyReadModels } from './verify/verify-read-models';

/**
 * `npm run projections:verify`: rebuilds every read model from the log into a scratch store and compares it with the
 * live read models document by document; prints the differences and exits 1 when there are any.
 * - cluster: live = MongoDB, compared at the projections' checkpoint (run it when the network is quiet, or again).
 * - embedded: the live read models are in the server's memory, so (with the server stopped: the log is locked) they are
 *   built here the way the server builds them (catch-up from the log), then the last VERIFY_REAPPLY events (default
 *   1,000) are applied again, as a restart from an older checkpoint does, and the result is compared with a second,
 *   single-pass rebuild. A projection that is not idempotent, or not deterministic, shows as a difference.
 */
const config = loadConfig();
const infra = await openInfrastructure(config, 'projections-verify');
const started = performance.now();
let live: DocumentStore;
let position: number;
if (infra.profile === 'cluster') {
  live = infra.documents;
  position = (await CHECKPOINT_DOCS.in(live).findOne({ _id: RUNNER_CHECKPOINT_ID }))?.position ?? 0;
} else {
  live = createMemoryDocumentStore();
  const runner = new ProjectionRunner({ eventStore: infra.eventStore, documents: live, projections: allProjections() });
  await runner.start();
  await runner.stop();
  position = runner.current();
  const again = Math.max(0, Number(process.env.VERIFY_REAPPLY ?? 1000));
  await replayInto(infra.eventStore, live, allProjections(), Math.max(0, position - again), position);
}
const report = await verifyReadModels({ eventStore: infra.eventStore, live, position });
process.stdout.write(`${formatReport(report)}\n(${((performance.now() - started) / 1000).toFixed(2)} s, ${infra.profile} profile)\n`);
await infra.close();
process.exitCode = report.collections.some((c) => c.differences > 0) ? 1 : 0;
