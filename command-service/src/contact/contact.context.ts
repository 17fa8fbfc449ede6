import type { ContextParts } from '../shared/context-parts';
import { SubmitContactRequestHandler } from './contact.handlers';

/** Contact requests from the public form. */
export const contactContext: ContextParts = { handlers: [SubmitContactRequestHandler] };
