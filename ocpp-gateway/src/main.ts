import { createServer } from 'node:http';
import { openInfrastructure } from '@evc/platform/infrastructure/infrastructure';
import { runService } from '@evc/platform/launcher/service-main';
import { OcppGateway } from './gateway';

/** Cluster entry point: OCPP-J WebSocket endpoint /ocpp/<chargePointId>, health on GET /health. */
runService('ocpp-gateway', async (config) => {
  const infra = await openInfrastructure(config, 'ocpp-gateway');
  const gateway = new OcppGateway({ documents: infra.documents, bus: infra.bus });
  const server = createServer((req, res) => {
    const ok = req.url === '/health';
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { status: 'ok', chargers: gateway.connectedCount } : { code: 'not_found' }));
  });
  server.on('upgrade', (request, socket, head) => {
    if (!gateway.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  return async () => {
    await gateway.close();
    await new Promise((resolve) => server.close(resolve));
    await infra.close();
  };
});
