import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/decider-specification';
import type { RefreshFamilyEvent } from '@evc/contracts';
import { refreshFamilyDecider } from './refresh-family.decider';

const familyId = 'f0000000-0000-4000-8000-000000000000';
const started: RefreshFamilyEvent = {
  type: 'RefreshFamilyStarted',
  data: { familyId, accountId: 'acc-1', tokenHash: 't1', rememberMe: true, expiresAt: '2026-04-01T00:00:00.000Z', credentialVersion: 0 },
};
const rotated = (hash: string): RefreshFamilyEvent => ({ type: 'RefreshTokenRotated', data: { familyId, tokenHash: hash } });
const now = '2026-03-01T00:00:00.000Z';
const family = DeciderSpecification.for(refreshFamilyDecider);

describe('refresh family decider', () => {
  it('starts once', () => {
    family
      .given([])
      .when({ kind: 'start', data: started.data as never })
      .then([started]);
    family
      .given([started])
      .when({ kind: 'start', data: started.data as never })
      .thenNothingHappened();
  });

  it('rotates the current token on every use', () => {
    family
      .given([started])
      .when({ kind: 'rotate', presentedHash: 't1', newHash: 't2', now })
      .then([rotated('t2')]);
    family
      .given([started, rotated('t2')])
      .when({ kind: 'rotate', presentedHash: 't2', newHash: 't3', now })
      .then([rotated('t3')]);
  });

  it('reuse of a rotated token revokes the family; then even the newest token is refused', () => {
    const history = [started, rotated('t2'), rotated('t3')];
    const revoked = family
      .given(history)
      .when({ kind: 'rotate', presentedHash: 't1', newHash: 'x', now })
      .then([{ type: 'RefreshFamilyRevoked', data: { familyId, accountId: 'acc-1', reason: 'reuse' } }]);
    family
      .given([...history, ...revoked])
      .when({ kind: 'rotate', presentedHash: 't3', newHash: 't4', now })
      .thenThrows('identity.session_expired');
  });

  it('refuses an unknown token without revoking, an expired family, and a family that never started', () => {
    family.given([started]).when({ kind: 'rotate', presentedHash: 'forged', newHash: 'x', now }).thenThrows('identity.session_expired');
    family
      .given([started])
      .when({ kind: 'rotate', presentedHash: 't1', newHash: 'x', now: '2026-05-01T00:00:00.000Z' })
      .thenThrows('identity.session_expired');
    family.given([]).when({ kind: 'rotate', presentedHash: 't1', newHash: 'x', now }).thenThrows('identity.session_expired');
  });

  it('sign-out revokes with a known token only, once', () => {
    family.given([started]).when({ kind: 'revoke', presentedHash: 'forged', reason: 'sign-out' }).thenNothingHappened();
    const revoked = family
      .given([started, rotated('t2')])
      .when({ kind: 'revoke', presentedHash: 't2', reason: 'sign-out' })
      .then([{ type: 'RefreshFamilyRevoked', data: { familyId, accountId: 'acc-1', reason: 'sign-out' } }]);
    family
      .given([started, rotated('t2'), ...revoked])
      .when({ kind: 'revoke', presentedHash: 't2', reason: 'sign-out' })
      .thenNothingHappened();
  });
});

describe('refresh family fold', () => {
  it('folded at once is what folding one event at a time gives, and the state it starts from is left as it was', () => {
    const events: RefreshFamilyEvent[] = [
      started,
      ...Array.from({ length: 300 }, (_, i) => rotated(`t${i + 2}`)),
      { type: 'RefreshFamilyRevoked', data: { familyId, reason: 'reuse' } },
    ];
    const oneByOne = family.given(events).foldsAtOnce();
    expect(oneByOne.usedHashes).toHaveLength(300);
    expect(oneByOne).toMatchObject({ currentHash: 't301', revoked: true });
  });
});
