export { createDocumentFrameLog, FRAME_LOG_COLLECTION } from './document-frame-log';
export { createRingFrameLog } from './ring-frame-log';
