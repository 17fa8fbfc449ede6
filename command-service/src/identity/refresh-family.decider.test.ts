import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import type { RefreshFamilyEvent } from '@evc/contracts';
import { refreshFamilyDecider, type RefreshFamilyCommand } from './refresh-family.decider';

const familyId = 'f0000000-0000-4000-8000-000000000000';
const started: RefreshFamilyEvent = {
  type: 'RefreshFamilyStarted',
  data: { familyId, accountId: 'acc-1', tokenHash: 't1', rememberMe: true, expiresAt: '2026-04-01T00:00:00.000Z', credentialVersion: 0 },
};
const rotated = (hash: string): RefreshFamilyEvent => ({ type: 'RefreshTokenRotated', data: { familyId, tokenHash: hash } });
const now = '2026-03-01T00:00:00.000Z';
const when = (events: RefreshFamilyEvent[], command: RefreshFamilyCommand) => refreshFamilyDecider.decide(command, fold(refreshFamilyDecider, events));

describe('refresh family decider', () => {
  it('starts once', () => {
    expect(when([], { kind: 'start', data: started.data as never })).toEqual([started]);
    expect(when([started], { kind: 'start', data: started.data as never })).toEqual([]);
  });

  it('rotates the current token on every use', () => {
    expect(when([started], { kind: 'rotate', presentedHash: 't1', newHash: 't2', now })).toEqual([rotated('t2')]);
    expect(when([started, rotated('t2')], { kind: 'rotate', presentedHash: 't2', newHash: 't3', now })).toEqual([rotated('t3')]);
  });

  it('reuse of a rotated token revokes the family; then even the newest token is refused', () => {
    const history = [started, rotated('t2'), rotated('t3')];
    const revoked = when(history, { kind: 'rotate', presentedHash: 't1', newHash: 'x', now });
    expect(revoked).toEqual([{ type: 'RefreshFamilyRevoked', data: { familyId, reason: 'reuse' } }]);
    expect(() => when([...history, ...revoked], { kind: 'rotate', presentedHash: 't3', newHash: 't4', now })).toThrow(expect.objectContaining({ code: 'identity.session_expired' }));
  });

  it('refuses an unknown token without revoking, an expired family, and a family that never started', () => {
    expect(() => when([started], { kind: 'rotate', presentedHash: 'forged', newHash: 'x', now })).toThrow(expect.objectContaining({ code: 'identity.session_expired' }));
    expect(() => when([started], { kind: 'rotate', presentedHash: 't1', newHash: 'x', now: '2026-05-01T00:00:00.000Z' })).toThrow(expect.objectContaining({ code: 'identity.session_expired' }));
    expect(() => when([], { kind: 'rotate', presentedHash: 't1', newHash: 'x', now })).toThrow(expect.objectContaining({ code: 'identity.session_expired' }));
  });

  it('sign-out revokes with a known token only, once', () => {
    expect(when([started], { kind: 'revoke', presentedHash: 'forged', reason: 'sign-out' })).toEqual([]);
    const revoked = when([started, rotated('t2')], { kind: 'revoke', presentedHash: 't2', reason: 'sign-out' });
    expect(revoked).toEqual([{ type: 'RefreshFamilyRevoked', data: { familyId, reason: 'sign-out' } }]);
    expect(when([started, rotated('t2'), ...revoked], { kind: 'revoke', presentedHash: 't2', reason: 'sign-out' })).toEqual([]);
  });
});
