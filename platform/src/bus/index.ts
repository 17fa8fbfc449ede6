export { createInProcessBus, type InProcessBusOptions } from './in-process-bus';
export { createKafkaBus, type KafkaBusOptions } from './kafka-bus';
export { partitionForKey } from './murmur2';
