export const DOCUMENTS = Symbol('DocumentStore');
export const BUS = Symbol('Bus');
export const POSITIONS = Symbol('PositionTracker');
export const CLIENT_CONFIG = Symbol('ClientConfig');
export const MAILBOX = Symbol('Mailbox');
/** The charger message log (read only). */
export const FRAME_LOG = Symbol('FrameLog');
/** Read-only use: item histories (audit). */
export const EVENT_STORE = Symbol('EventStore');
