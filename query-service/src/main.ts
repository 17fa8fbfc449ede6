import { serveService } from '@evc/platform/hosting/host';
import { runService } from '@evc/platform/hosting/service-main';
import { composeQueryService } from './compose';

/** Cluster entry point: queries and SSE over the MongoDB read models. */
runService('query-service', (config) => serveService(config, 'query-service', composeQueryService()));
