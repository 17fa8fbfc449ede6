import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import type { RoleEvent } from '@evc/contracts';
import { roleDecider, type RoleData } from './role.decider';

const role: RoleData = { roleId: 'role-support', name: 'Support', nameAr: 'الدعم', privileges: ['customers.read', 'contact.manage'] };
const created: RoleEvent = { type: 'RoleCreated', data: { ...role, privileges: ['contact.manage', 'customers.read'] } };

describe('role decider', () => {
  it('given nothing, when creating, then RoleCreated with privileges de-duplicated and sorted', () => {
    expect(roleDecider.decide({ kind: 'create', role: { ...role, privileges: [...role.privileges, 'customers.read'] } }, roleDecider.initialState)).toEqual([created]);
  });

  it('given the role, a repeated create is a no-op and a different one is role_exists', () => {
    const state = fold(roleDecider, [created]);
    expect(roleDecider.decide({ kind: 'create', role }, state)).toEqual([]);
    expect(() => roleDecider.decide({ kind: 'create', role: { ...role, name: 'Other' } }, state)).toThrow(expect.objectContaining({ code: 'identity.role_exists' }));
  });

  it('updates an existing role, skips an unchanged one, refuses a missing one', () => {
    const state = fold(roleDecider, [created]);
    expect(roleDecider.decide({ kind: 'update', role: { ...role, privileges: ['customers.ban'] } }, state)).toEqual([{ type: 'RoleUpdated', data: { ...role, privileges: ['customers.ban'] } }]);
    expect(roleDecider.decide({ kind: 'update', role }, state)).toEqual([]);
    expect(() => roleDecider.decide({ kind: 'update', role }, roleDecider.initialState)).toThrow(expect.objectContaining({ code: 'identity.role_not_found' }));
  });
});
