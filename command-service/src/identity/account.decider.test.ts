import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { accountBlock, accountDecider, type AccountCommand } from './account.decider';
import type { AccountEvent } from '@evc/contracts';

const id = '11111111-2222-4333-8444-555555555555';
const now = '2026-03-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const throttle = { now, intervalMs: 60_000, maxPerDay: 3 };

const signedUp: AccountEvent = {
  type: 'CustomerSignedUp',
  data: { accountId: id, firstName: 'Mona', lastName: 'Hassan', email: 'mona@example.com', phone: '01012345678', gender: 'female', locale: 'ar', passwordHash: '$argon2id$old' },
};
const adminCreated: AccountEvent = {
  type: 'AdminCreated',
  data: { accountId: id, firstName: 'Karim', lastName: 'Adel', email: 'karim@example.com', roleIds: ['role-viewer'], locale: 'en', passwordHash: '$argon2id$old' },
};
const given = (...events: AccountEvent[]) => fold(accountDecider, events);
const when = (events: AccountEvent[], command: AccountCommand) => accountDecider.decide(command, given(...events));

describe('account decider: customers', () => {
  it('given nothing, when signing up, then CustomerSignedUp and a verification link', () => {
    const verification = { tokenHash: 'h1', expiresAt: later(60), issuedAt: now };
    expect(when([], { kind: 'signUpCustomer', data: signedUp.data as never, verification })).toEqual([
      signedUp,
      { type: 'EmailVerificationIssued', data: { accountId: id, ...verification } },
    ]);
  });

  it('given an account, when signing up again under its id, then email_exists', () => {
    expect(() => when([signedUp], { kind: 'signUpCustomer', data: signedUp.data as never, verification: 'verified' })).toThrow(expect.objectContaining({ code: 'identity.email_exists' }));
  });

  it('verifies with a live link; an expired or unknown link is link_expired; a second click is a no-op', () => {
    const issued: AccountEvent = { type: 'EmailVerificationIssued', data: { accountId: id, tokenHash: 'h1', expiresAt: later(60), issuedAt: now } };
    expect(when([signedUp, issued], { kind: 'verifyEmail', tokenHash: 'h1', now })).toEqual([{ type: 'EmailVerified', data: { accountId: id } }]);
    expect(() => when([signedUp, issued], { kind: 'verifyEmail', tokenHash: 'h1', now: later(61) })).toThrow(expect.objectContaining({ code: 'identity.link_expired' }));
    expect(() => when([signedUp, issued], { kind: 'verifyEmail', tokenHash: 'other', now })).toThrow(expect.objectContaining({ code: 'identity.link_expired' }));
    expect(when([signedUp, issued, { type: 'EmailVerified', data: { accountId: id } }], { kind: 'verifyEmail', tokenHash: 'h1', now })).toEqual([]);
  });

  it('bans and unbans with a reason; repeating either is a no-op; a banned account is blocked', () => {
    const banned: AccountEvent = { type: 'CustomerBanned', data: { accountId: id, reason: 'fraud' } };
    expect(when([signedUp], { kind: 'ban', reason: 'fraud' })).toEqual([banned]);
    expect(when([signedUp, banned], { kind: 'ban', reason: 'again' })).toEqual([]);
    expect(accountBlock(given(signedUp, banned))?.code).toBe('identity.account_banned');
    expect(when([signedUp, banned], { kind: 'unban', reason: 'cleared' })).toEqual([{ type: 'CustomerUnbanned', data: { accountId: id, reason: 'cleared' } }]);
    expect(() => when([adminCreated], { kind: 'ban', reason: 'fraud' })).toThrow(expect.objectContaining({ code: 'identity.customer_not_found' }));
    expect(() => when([], { kind: 'ban', reason: 'fraud' })).toThrow(expect.objectContaining({ code: 'identity.customer_not_found' }));
  });
});

describe('account decider: reset links', () => {
  const requested = (hash: string, minutes = 30): AccountEvent => ({ type: 'PasswordResetRequested', data: { accountId: id, tokenHash: hash, expiresAt: later(minutes), issuedAt: now } });

  it('issues a link, but not within the resend interval, nor beyond the daily cap, nor for an unknown account', () => {
    expect(when([signedUp], { kind: 'requestReset', tokenHash: 'r1', expiresAt: later(30), throttle })).toEqual([requested('r1')]);
    expect(when([signedUp, requested('r1')], { kind: 'requestReset', tokenHash: 'r2', expiresAt: later(30), throttle })).toEqual([]);
    const nextDay = { ...throttle, now: later(2) };
    expect(when([signedUp, requested('r1')], { kind: 'requestReset', tokenHash: 'r2', expiresAt: later(32), throttle: nextDay })).toHaveLength(1);
    expect(when([signedUp, requested('a'), requested('b'), requested('c')], { kind: 'requestReset', tokenHash: 'd', expiresAt: later(90), throttle: { ...throttle, now: later(60) } })).toEqual([]);
    expect(when([], { kind: 'requestReset', tokenHash: 'r1', expiresAt: later(30), throttle })).toEqual([]);
  });

  it('a link resets once: after PasswordReset it (and its siblings) are dead, and refresh families are outdated', () => {
    const history = [signedUp, requested('r1'), requested('r2')];
    const reset = when(history, { kind: 'resetPassword', tokenHash: 'r1', passwordHash: '$argon2id$new', now });
    expect(reset).toEqual([{ type: 'PasswordReset', data: { accountId: id, tokenHash: 'r1', passwordHash: '$argon2id$new' } }]);
    const after = [...history, ...reset];
    expect(given(...after).credentialVersion).toBe(given(...history).credentialVersion + 1);
    for (const hash of ['r1', 'r2']) {
      expect(() => when(after, { kind: 'resetPassword', tokenHash: hash, passwordHash: 'x', now })).toThrow(expect.objectContaining({ code: 'identity.link_expired' }));
    }
  });

  it('an expired link is refused', () => {
    expect(() => when([signedUp, requested('r1', 30)], { kind: 'resetPassword', tokenHash: 'r1', passwordHash: 'x', now: later(31) })).toThrow(
      expect.objectContaining({ code: 'identity.link_expired' }),
    );
  });
});

describe('account decider: own password and profile', () => {
  it('changing the password needs the current one', () => {
    expect(() => when([signedUp], { kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: false, passwordHash: '' })).toThrow(
      expect.objectContaining({ code: 'identity.old_password_incorrect', message: 'Old password is incorrect' }),
    );
    expect(when([signedUp], { kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: true, passwordHash: '$argon2id$new' })).toEqual([
      { type: 'PasswordChanged', data: { accountId: id, passwordHash: '$argon2id$new' } },
    ]);
  });

  it('refuses a change checked against a password that changed meanwhile', () => {
    const changed: AccountEvent = { type: 'PasswordChanged', data: { accountId: id, passwordHash: '$argon2id$mid' } };
    expect(() => when([signedUp, changed], { kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: true, passwordHash: 'x' })).toThrow(
      expect.objectContaining({ code: 'concurrency.conflict' }),
    );
  });

  it('updates the profile, and skips an unchanged one', () => {
    expect(when([signedUp], { kind: 'updateProfile', firstName: 'Mona', lastName: 'Hassan', locale: 'ar' })).toEqual([]);
    expect(when([signedUp], { kind: 'updateProfile', firstName: 'Salma', lastName: 'Hassan', locale: 'en' })).toEqual([
      { type: 'ProfileUpdated', data: { accountId: id, firstName: 'Salma', lastName: 'Hassan', locale: 'en' } },
    ]);
  });
});

describe('account decider: staff', () => {
  it('creates an admin once; a retry is a no-op; another admin under the id is a conflict', () => {
    expect(when([], { kind: 'createAdmin', data: adminCreated.data as never })).toEqual([adminCreated]);
    expect(when([adminCreated], { kind: 'createAdmin', data: adminCreated.data as never })).toEqual([]);
    expect(() => when([adminCreated], { kind: 'createAdmin', data: { ...(adminCreated.data as never as object), email: 'x@example.com' } as never })).toThrow(
      expect.objectContaining({ code: 'concurrency.conflict' }),
    );
  });

  it('updates name and roles of staff only', () => {
    expect(when([adminCreated], { kind: 'updateAdmin', firstName: 'Karim', lastName: 'Adel', roleIds: ['role-manager'] })).toEqual([
      { type: 'AdminUpdated', data: { accountId: id, firstName: 'Karim', lastName: 'Adel', roleIds: ['role-manager'] } },
    ]);
    expect(() => when([signedUp], { kind: 'updateAdmin', firstName: 'A', lastName: 'B', roleIds: [] })).toThrow(expect.objectContaining({ code: 'identity.admin_not_found' }));
  });

  it('deactivates and reactivates with a reason, never oneself; a deactivated admin is blocked', () => {
    const off: AccountEvent = { type: 'AdminDeactivated', data: { accountId: id, reason: 'left' } };
    expect(when([adminCreated], { kind: 'setAdminActive', active: false, reason: 'left', by: 'someone-else' })).toEqual([off]);
    expect(() => when([adminCreated], { kind: 'setAdminActive', active: false, reason: 'left', by: id })).toThrow(expect.objectContaining({ code: 'auth.forbidden' }));
    expect(accountBlock(given(adminCreated, off))?.code).toBe('identity.account_inactive');
    expect(when([adminCreated, off], { kind: 'setAdminActive', active: false, reason: 'again', by: 'x' })).toEqual([]);
    expect(when([adminCreated, off], { kind: 'setAdminActive', active: true, reason: 'back', by: 'x' })).toEqual([{ type: 'AdminActivated', data: { accountId: id, reason: 'back' } }]);
  });
});
