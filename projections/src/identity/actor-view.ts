import type { Actor } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { ACCOUNTS } from './identity.projection';

export interface ActorView {
  type: string;
  id: string;
  name: string | null;
}

/** "First Last" of an account. */
export const fullName = (d: { firstName: string; lastName: string }): string => `${d.firstName} ${d.lastName}`.trim();

/** Who did it, with the account's display name for staff and customers (null for chargers and the system). */
export async function actorView(documents: DocumentStore, actor: Actor | undefined): Promise<ActorView> {
  if (!actor) return { type: 'system', id: 'system', name: null };
  if (actor.type !== 'staff' && actor.type !== 'customer') return { type: actor.type, id: actor.id, name: null };
  const account = await ACCOUNTS.in(documents).findOne({ _id: actor.id }, { projection: { firstName: 1, lastName: 1 } });
  return { type: actor.type, id: actor.id, name: account ? fullName(account) : null };
}
