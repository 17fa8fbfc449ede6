// Context-free helpers every context's projections use: typed collection handles, `$set`-style merges, Cairo days
// and the read-model names. Nothing here imports a context.
export { readModel, type ReadModel } from './read-model';
export { mergeOne } from './merge';
export { cairoDateKey, cairoDayStart } from './cairo-date';
export { PUBLIC_LIVE_READ_MODELS, READ_MODELS, READ_MODEL_NAMES, RM, isReadModelName, type ReadModelName } from './read-models';
