import { createServer } from 'node:http';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { runService } from '@evc/platform/launcher/service-main';
import { startChargerPresence, startOcppMessageLog } from './ocpp/ocpp-consumers';
import { startChargerCommandSweep } from './ocpp/charger-command-sweep';
import { startPageViewCounter } from './page-views/page-view-counter';
import { allProjections } from './read-models/index';
import { ProjectionRunner } from './runner/projection-runner';

/** Cluster entry point: the projection runner (one active instance) and a health endpoint on PORT. */
runService('projections', async (config) => {
  const infra = await openInfrastructure(config, 'projections');
  const runner = new ProjectionRunner({ eventStore: infra.eventStore, documents: infra.documents, bus: infra.bus, projections: allProjections() });
  await runner.start();
  const pageViews = startPageViewCounter(infra.bus, infra.documents);
  const presence = startChargerPresence(infra.bus, infra.documents);
  const messageLog = startOcppMessageLog(infra.bus, infra.documents);
  const commandSweep = startChargerCommandSweep(infra.bus, infra.documents);
  const health = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', position: runner.current() }));
  }).listen(config.PORT, config.HOST);
  return async () => {
    health.close();
    await pageViews.stop();
    await presence.stop();
    await messageLog.stop();
    await commandSweep.stop();
    await runner.stop();
    await infra.close();
  };
});
