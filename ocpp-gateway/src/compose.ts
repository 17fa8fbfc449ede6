import path from 'node:path';
import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { OcppGateway } from './gateway';
import { GatewayProcess } from './process/gateway-process';

export interface Gateway extends ComposedService {
  gateway: OcppGateway;
}

/**
 * The OCPP gateway, composed once for both run profiles: WebSocket upgrades on /ocpp/<chargePointId>, charger
 * authentication against the chargers read model, every inbound call on ocpp.inbound, commands from ocpp.outbound.
 * It stops taking chargers before the rest of its host closes.
 */
export const composeOcppGateway: Compose<Gateway> = async (config, infra) => {
  const gateway = new OcppGateway({
    documents: infra.documents,
    bus: infra.bus,
    maxFrameBytes: config.OCPP_MAX_FRAME_BYTES,
    trustProxy: config.TRUST_PROXY,
  });
  return {
    name: 'ocpp-gateway',
    gateway,
    upgrade: (request, socket, head) => gateway.handleUpgrade(request, socket, head),
    health: () => ({ chargers: gateway.connectedCount }),
    drain: () => gateway.close(),
  };
};

export interface GatewayInProcess extends ComposedService {
  process: GatewayProcess;
}

/**
 * The OCPP gateway in a process of its own (embedded profile, OCPP_GATEWAY=process): this host's HTTP server takes
 * the upgrade and hands the socket over; the gateway process answers chargers from its own write-ahead log and
 * forwards what they said to this host's bus (process/).
 */
export const composeOcppGatewayProcess: Compose<GatewayInProcess> = async (config, infra) => {
  const gateway = new GatewayProcess(infra, {
    dataDir: path.resolve(config.DATA_DIR),
    fsync: config.EVENTSTORE_FSYNC,
    maxFrameBytes: config.OCPP_MAX_FRAME_BYTES,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL,
    heapGrowthPercent: config.HEAP_GROWTH_PERCENT,
    priority: config.OCPP_GATEWAY_PRIORITY,
  });
  await gateway.start();
  return {
    name: 'ocpp-gateway',
    process: gateway,
    upgrade: gateway.upgrade,
    health: () => ({ chargers: gateway.connectedCount }),
    drain: () => gateway.close(),
  };
};
