import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { OcppGateway } from './gateway';

export interface Gateway extends ComposedService {
  gateway: OcppGateway;
}

/**
 * The OCPP gateway, composed once for both run profiles: WebSocket upgrades on /ocpp/<chargePointId>, charger
 * authentication against the chargers read model, every inbound call on ocpp.inbound, commands from ocpp.outbound.
 * It stops taking chargers before the rest of its host closes.
 */
export const composeOcppGateway: Compose<Gateway> = async (config, infra) => {
  const gateway = new OcppGateway({ documents: infra.documents, bus: infra.bus, maxFrameBytes: config.OCPP_MAX_FRAME_BYTES, trustProxy: config.TRUST_PROXY });
  return {
    name: 'ocpp-gateway',
    gateway,
    upgrade: (request, socket, head) => gateway.handleUpgrade(request, socket, head),
    health: () => ({ chargers: gateway.connectedCount }),
    drain: () => gateway.close(),
  };
};
