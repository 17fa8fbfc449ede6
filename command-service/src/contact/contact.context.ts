import type { ContextParts } from '../shared/context-parts';
import { contactHandlers } from './contact.handlers';

/** Contact requests: the public form, and the managers' replies, comments and statuses. */
export const contactContext: ContextParts = { handlers: contactHandlers };
