import type { ContextParts } from '../shared/context-parts';
import { PowerSharing } from './power-sharing';
import { ProfileSender } from './profile-sender';
import { SetGridLimitHandler } from './set-grid-limit.handler';

/** A station's grid limit, shared between its charging sessions by charging profiles. */
export const smartChargingContext: ContextParts = {
  handlers: [SetGridLimitHandler],
  providers: [ProfileSender, PowerSharing],
};
