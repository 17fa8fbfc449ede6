import type { ContextParts } from '../shared/context-parts';
import { Upgrades } from './upgrades';

/** One-off data upgrades run at start (not a bounded context: it only brings older facts up to today's rules). */
export const upgradesContext: ContextParts = { handlers: [], providers: [Upgrades] };
