import type { ContextParts } from '../shared/context-parts';
import { uptimeHandlers } from './uptime.handlers';

/** Uptime: staff declare planned maintenance and set each station's availability target. */
export const uptimeContext: ContextParts = { handlers: uptimeHandlers };
