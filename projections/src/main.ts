import { serveService } from '@evc/platform/hosting/host';
import { runService } from '@evc/platform/hosting/service-main';
import { composeProjections } from './compose';

/** Cluster entry point: the projection runner (one active instance) and a health endpoint (GET /health) on PORT. */
runService('projections', (config) => serveService(config, 'projections', composeProjections));
