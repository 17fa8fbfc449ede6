export { createDocumentFrameLog, frameOf, FRAME_LOG_COLLECTION, type FrameDoc } from './document-frame-log';
export { createRingFrameLog } from './ring-frame-log';
