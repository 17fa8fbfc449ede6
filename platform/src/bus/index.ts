export { createInProcessBus, openInProcessBus, type InProcessBusOptions } from './in-process-bus';
export { DurableBusLog } from './durable-log';
export { createKafkaBus, type KafkaBusOptions } from './kafka-bus';
export { partitionForKey } from './murmur2';
