import type { Privilege } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { RoleEvent } from '@evc/contracts';

export interface RoleData {
  roleId: string;
  name: string;
  nameAr: string;
  privileges: Privilege[];
}
export type RoleCommand = { kind: 'create' | 'update'; role: RoleData };

const normalized = (r: RoleData): RoleData => ({ ...r, privileges: [...new Set(r.privileges)].sort() });
const same = (a: RoleData, b: RoleData) => JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));

/** A role: a named set of privileges. Creating the same role twice is a no-op; another role under its id is refused. */
export const roleDecider: Decider<RoleCommand, RoleEvent, { role: RoleData | null }> = {
  initialState: { role: null },
  evolve: (_state, event) => ({ role: event.data }),
  decide({ kind, role }, state) {
    const data = normalized(role);
    if (kind === 'create') {
      if (state.role === null) return [{ type: 'RoleCreated', data }];
      if (same(state.role, data)) return [];
      throw new DomainError('identity.role_exists', 'A role with this id exists', [{ path: 'roleId', code: 'role_exists' }]);
    }
    if (state.role === null) throw new DomainError('identity.role_not_found', 'No such role');
    return same(state.role, data) ? [] : [{ type: 'RoleUpdated', data }];
  },
};
