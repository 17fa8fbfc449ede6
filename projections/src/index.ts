export * from './runner/projection';
export * from './runner/position-tracker';
export * from './runner/projection-runner';
export * from './runner/checkpoint-tracker';
export * from './read-models/index';
export * from './page-views/page-view-counter';
export * from './ocpp/ocpp-consumers';
export * from './ocpp/charger-command-sweep';
