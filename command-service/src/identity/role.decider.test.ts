import { describe, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import type { RoleEvent } from '@evc/contracts';
import { roleDecider, type RoleData } from './role.decider';

const role: RoleData = { roleId: 'role-support', name: 'Support', nameAr: 'الدعم', privileges: ['customers.read', 'contact.manage'] };
const created: RoleEvent = { type: 'RoleCreated', data: { ...role, privileges: ['contact.manage', 'customers.read'] } };

const roles = DeciderSpecification.for(roleDecider);

describe('role decider', () => {
  it('given nothing, when creating, then RoleCreated with privileges de-duplicated and sorted', () => {
    roles
      .given([])
      .when({ kind: 'create', role: { ...role, privileges: [...role.privileges, 'customers.read'] } })
      .then([created]);
  });

  it('given the role, a repeated create is a no-op and a different one is role_exists', () => {
    roles.given([created]).when({ kind: 'create', role }).thenNothingHappened();
    roles
      .given([created])
      .when({ kind: 'create', role: { ...role, name: 'Other' } })
      .thenThrows('identity.role_exists');
  });

  it('updates an existing role, skips an unchanged one, refuses a missing one', () => {
    roles
      .given([created])
      .when({ kind: 'update', role: { ...role, privileges: ['customers.ban'] } })
      .then([{ type: 'RoleUpdated', data: { ...role, privileges: ['customers.ban'] } }]);
    roles.given([created]).when({ kind: 'update', role }).thenNothingHappened();
    roles.given([]).when({ kind: 'update', role }).thenThrows('identity.role_not_found');
  });
});
