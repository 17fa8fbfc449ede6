import type { Consumer } from '@evc/platform';
import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { startChargerCommandSweep, startChargerPresence, startOcppMessageLog } from './chargers-live/index';
import { startPageViewCounter } from './site/index';
import { allProjections } from './all-projections';
import { ProjectionRunner } from './runner/projection-runner';

export interface Projections extends ComposedService {
  /** The runner: how far the read models are (the embedded query side waits on it directly). */
  runner: ProjectionRunner;
}

/**
 * The read side's writers, composed once for both run profiles: the projection runner (one checkpointed catch-up
 * subscription to the log, caught up before the service counts as started), the page-view counter, and the charger
 * presence, message log and command sweep consumers of the bus.
 */
export const composeProjections: Compose<Projections> = async (_config, infra) => {
  const runner = new ProjectionRunner({
    eventStore: infra.eventStore,
    documents: infra.documents,
    bus: infra.bus,
    projections: allProjections(),
  });
  let consumers: Consumer[] = [];
  return {
    name: 'projections',
    runner,
    health: () => ({ position: runner.current() }),
    async start() {
      await runner.start();
      consumers = [
        startPageViewCounter(infra.bus, infra.documents),
        startChargerPresence(infra.bus, infra.documents),
        startOcppMessageLog(infra.bus, infra.frames),
        startChargerCommandSweep(infra.bus, infra.documents),
      ];
    },
    async stop() {
      for (const consumer of consumers) await consumer.stop();
      await runner.stop();
    },
  };
};
