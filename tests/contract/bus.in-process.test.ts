import { createInProcessBus } from '@evc/platform/bus/index';
import { busContract } from './bus.contract';

busContract('in-process', { create: async () => createInProcessBus({ retryDelayMs: 10 }) });
