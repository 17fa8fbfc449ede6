import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { EmailReserved } from '@evc/contracts';

/** Holds one e-mail address for one account, so two accounts never share an address ("Email already exists"). */
export const emailIndexDecider: Decider<{ accountId: string }, EmailReserved, { accountId: string | null }> = {
  initialState: { accountId: null },
  evolve: (_state, event) => ({ accountId: event.data.accountId }),
  decide(command, state) {
    if (state.accountId === null) return [{ type: 'EmailReserved', data: { accountId: command.accountId } }];
    if (state.accountId === command.accountId) return [];
    throw new DomainError('identity.email_exists', 'Email already exists', [{ path: 'email', code: 'email_exists' }]);
  },
};
