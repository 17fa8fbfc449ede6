/** Nest injection tokens for the ports (explicit wiring: no decorator metadata needed). */
export const EVENT_STORE = Symbol('EventStore');
export const BUS = Symbol('Bus');
export const DOCUMENTS = Symbol('DocumentStore');
export const CLOCK = Symbol('Clock');
