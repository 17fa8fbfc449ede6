import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { EmailReleased, EmailReserved } from '@evc/contracts';

/** Reserve the address for the account (the default), or release it when that account moved to another address. */
export type EmailIndexCommand = { accountId: string; release?: true };

/** Holds one e-mail address for one account, so two accounts never share an address ("Email already exists"). */
export const emailIndexDecider: Decider<EmailIndexCommand, EmailReserved | EmailReleased, { accountId: string | null }> = {
  initialState: { accountId: null },
  evolve: (_state, event) => ({ accountId: event.type === 'EmailReserved' ? event.data.accountId : null }),
  decide(command, state) {
    if (command.release)
      return state.accountId === command.accountId ? [{ type: 'EmailReleased', data: { accountId: command.accountId } }] : [];
    if (state.accountId === null) return [{ type: 'EmailReserved', data: { accountId: command.accountId } }];
    if (state.accountId === command.accountId) return [];
    throw new DomainError('identity.email_exists', 'Email already exists', [{ path: 'email', code: 'email_exists' }]);
  },
};
