import { randomUUID } from 'node:crypto';
import type { Actor } from '@evc/contracts';

/** Who asks, and why: copied into every event's metadata. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId?: string;
  reason?: string;
  /** The caller's sign-in and address (rate limits, which sign-in a password change keeps); never put in events. */
  session?: { familyId?: string; clientAddress?: string };
}

export const newContext = (actor: Actor, reason?: string): CommandContext => ({
  actor,
  correlationId: randomUUID(),
  reason,
});
