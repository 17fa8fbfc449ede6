/** Nest injection tokens for the ports (explicit wiring: no decorator metadata needed). */
export const EVENT_STORE = Symbol('EventStore');
export const BUS = Symbol('Bus');
export const DOCUMENTS = Symbol('DocumentStore');
/** The server's Clock: `occurredAt` of every event and the `now`/`at` a handler gives its decider (tests control it). */
export const CLOCK = Symbol('Clock');
