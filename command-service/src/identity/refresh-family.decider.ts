import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { RefreshFamilyEvent, RefreshFamilyRevoked, RefreshFamilyStarted } from '@evc/contracts';

export interface RefreshFamilyState {
  started: RefreshFamilyStarted['data'] | null;
  currentHash: string | null;
  /** Hashes already rotated away: presenting one again is reuse (a stolen token), which revokes the family. */
  usedHashes: string[];
  revoked: boolean;
}

export type RefreshFamilyCommand =
  | { kind: 'start'; data: RefreshFamilyStarted['data'] }
  | { kind: 'rotate'; presentedHash: string; newHash: string; now: string }
  | { kind: 'revoke'; presentedHash: string; reason: RefreshFamilyRevoked['data']['reason'] };

const expired = () => new DomainError('identity.session_expired', 'The session has expired; sign in again');

/**
 * The family's events folded in, its used hashes copied once a fold: a sign-in remembered for 30 days is rotated
 * every time its access token runs out, and the whole stream is folded at each rotation (a copy a rotation made that
 * quadratic in them).
 */
function evolveAll(state: RefreshFamilyState, events: readonly RefreshFamilyEvent[]): RefreshFamilyState {
  let next = state;
  let used: string[] | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'RefreshFamilyStarted':
        next = { ...next, started: event.data, currentHash: event.data.tokenHash };
        break;
      case 'RefreshTokenRotated':
        if (next.currentHash) (used ??= [...state.usedHashes]).push(next.currentHash);
        next = { ...next, currentHash: event.data.tokenHash };
        break;
      case 'RefreshFamilyRevoked':
        next = { ...next, revoked: true };
        break;
    }
  }
  return used ? { ...next, usedHashes: used } : next;
}

/** A chain of refresh tokens from one sign-in: each use rotates it; reusing an old one revokes the whole chain. */
export const refreshFamilyDecider: Decider<RefreshFamilyCommand, RefreshFamilyEvent, RefreshFamilyState> = {
  initialState: { started: null, currentHash: null, usedHashes: [], revoked: false },
  evolve: (state, event) => evolveAll(state, [event]),
  evolveAll,
  decide(command, state) {
    if (command.kind === 'start') return state.started ? [] : [{ type: 'RefreshFamilyStarted', data: command.data }];
    const { started } = state;
    if (!started || state.revoked) {
      if (command.kind === 'revoke') return [];
      throw expired();
    }
    const { familyId, accountId } = started;
    const known = command.presentedHash === state.currentHash || state.usedHashes.includes(command.presentedHash);
    if (command.kind === 'revoke')
      return known ? [{ type: 'RefreshFamilyRevoked', data: { familyId, accountId, reason: command.reason } }] : [];
    if (command.presentedHash === state.currentHash) {
      if (started.expiresAt <= command.now) throw expired();
      return [{ type: 'RefreshTokenRotated', data: { familyId, tokenHash: command.newHash } }];
    }
    if (state.usedHashes.includes(command.presentedHash))
      return [{ type: 'RefreshFamilyRevoked', data: { familyId, accountId, reason: 'reuse' } }];
    throw expired();
  },
};
