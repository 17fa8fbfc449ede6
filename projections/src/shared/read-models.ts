import { READ_MODELS } from '@evc/contracts';

export { PUBLIC_LIVE_READ_MODELS, READ_MODELS, READ_MODEL_NAMES, isReadModelName, type ReadModelName } from '@evc/contracts';

/** The short name of the same table, kept for the tests and tools outside projections that spell it so. */
export const RM = READ_MODELS;
