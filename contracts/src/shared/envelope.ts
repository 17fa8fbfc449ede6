/** Who caused a change. Every event carries one. */
/** visitor: an anonymous person on the public site (e.g. the contact form). */
export type ActorType = 'customer' | 'staff' | 'charger' | 'system' | 'visitor';
export interface Actor {
  type: ActorType;
  id: string;
}

/** Envelope metadata carried by every stored event. */
export interface EventMetadata {
  correlationId: string;
  causationId: string;
  actor: Actor;
  /** ISO-8601 UTC. */
  occurredAt: string;
  /** Why the change happened, in the author's words or a stable code ("seed", "charger-report"). */
  reason?: string;
  schemaVersion: number;
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: 'system' };
