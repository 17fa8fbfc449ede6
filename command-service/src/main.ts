import { runService } from '@evc/platform/hosting/service-main';
import { serveService } from '@evc/platform/hosting/host';
import { composeCommandService } from './compose';

/** Cluster entry point: the command side alone (POST /api/commands/*, files, payment callbacks). */
runService('command-service', (config) => serveService(config, 'command-service', composeCommandService));
