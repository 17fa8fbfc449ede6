import { serveService } from '@evc/platform/hosting/host';
import { runService } from '@evc/platform/hosting/service-main';
import { composeOcppGateway } from './compose';

/** Cluster entry point: OCPP-J WebSocket endpoint /ocpp/<chargePointId>, health on GET /health. */
runService('ocpp-gateway', (config) => serveService(config, 'ocpp-gateway', composeOcppGateway));
