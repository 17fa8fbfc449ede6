import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../shared/decider-specification';
import { accountBlock, accountDecider } from './account.decider';
import type { AccountEvent } from '@evc/contracts';

const id = '11111111-2222-4333-8444-555555555555';
const now = '2026-03-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const throttle = { now, intervalMs: 60_000, maxPerDay: 3 };

const signedUp: AccountEvent = {
  type: 'CustomerSignedUp',
  data: {
    accountId: id,
    firstName: 'Mona',
    lastName: 'Hassan',
    email: 'mona@example.com',
    phone: '01012345678',
    gender: 'female',
    locale: 'ar',
    passwordHash: '$argon2id$old',
  },
};
const adminCreated: AccountEvent = {
  type: 'AdminCreated',
  data: {
    accountId: id,
    firstName: 'Karim',
    lastName: 'Adel',
    email: 'karim@example.com',
    roleIds: ['role-viewer'],
    locale: 'en',
    passwordHash: '$argon2id$old',
  },
};
const account = DeciderSpecification.for(accountDecider);

describe('account decider: customers', () => {
  it('given nothing, when signing up, then CustomerSignedUp and a verification link', () => {
    const verification = { tokenHash: 'h1', expiresAt: later(60), issuedAt: now };
    account
      .given([])
      .when({ kind: 'signUpCustomer', data: signedUp.data as never, verification })
      .then([signedUp, { type: 'EmailVerificationIssued', data: { accountId: id, ...verification } }]);
  });

  it('given an account, when signing up again under its id, then email_exists', () => {
    account
      .given([signedUp])
      .when({ kind: 'signUpCustomer', data: signedUp.data as never, verification: 'verified' })
      .thenThrows('identity.email_exists');
  });

  it('verifies with a live link; an expired or unknown link is link_expired; a second click is a no-op', () => {
    const issued: AccountEvent = {
      type: 'EmailVerificationIssued',
      data: { accountId: id, tokenHash: 'h1', expiresAt: later(60), issuedAt: now },
    };
    const verified: AccountEvent = { type: 'EmailVerified', data: { accountId: id } };
    account.given([signedUp, issued]).when({ kind: 'verifyEmail', tokenHash: 'h1', now }).then([verified]);
    account
      .given([signedUp, issued])
      .when({ kind: 'verifyEmail', tokenHash: 'h1', now: later(61) })
      .thenThrows('identity.link_expired');
    account.given([signedUp, issued]).when({ kind: 'verifyEmail', tokenHash: 'other', now }).thenThrows('identity.link_expired');
    account.given([signedUp, issued, verified]).when({ kind: 'verifyEmail', tokenHash: 'h1', now }).thenNothingHappened();
  });

  it('bans and unbans with a reason; repeating either is a no-op; a banned account is blocked', () => {
    const banned: AccountEvent = { type: 'CustomerBanned', data: { accountId: id, reason: 'fraud' } };
    account.given([signedUp]).when({ kind: 'ban', reason: 'fraud' }).then([banned]);
    account.given([signedUp, banned]).when({ kind: 'ban', reason: 'again' }).thenNothingHappened();
    expect(accountBlock(fold(accountDecider, [signedUp, banned]))?.code).toBe('identity.account_banned');
    account
      .given([signedUp, banned])
      .when({ kind: 'unban', reason: 'cleared' })
      .then([{ type: 'CustomerUnbanned', data: { accountId: id, reason: 'cleared' } }]);
    account.given([adminCreated]).when({ kind: 'ban', reason: 'fraud' }).thenThrows('identity.customer_not_found');
    account.given([]).when({ kind: 'ban', reason: 'fraud' }).thenThrows('identity.customer_not_found');
  });
});

describe('account decider: reset links', () => {
  const requested = (hash: string, minutes = 30): AccountEvent => ({
    type: 'PasswordResetRequested',
    data: { accountId: id, tokenHash: hash, expiresAt: later(minutes), issuedAt: now },
  });

  it('issues a link, but not within the resend interval, nor beyond the daily cap, nor for an unknown account', () => {
    account
      .given([signedUp])
      .when({ kind: 'requestReset', tokenHash: 'r1', expiresAt: later(30), throttle })
      .then([requested('r1')]);
    account
      .given([signedUp, requested('r1')])
      .when({ kind: 'requestReset', tokenHash: 'r2', expiresAt: later(30), throttle })
      .thenNothingHappened();
    const nextDay = { ...throttle, now: later(2) };
    account
      .given([signedUp, requested('r1')])
      .when({ kind: 'requestReset', tokenHash: 'r2', expiresAt: later(32), throttle: nextDay })
      .thenTypes(['PasswordResetRequested']);
    account
      .given([signedUp, requested('a'), requested('b'), requested('c')])
      .when({ kind: 'requestReset', tokenHash: 'd', expiresAt: later(90), throttle: { ...throttle, now: later(60) } })
      .thenNothingHappened();
    account
      .given([])
      .when({ kind: 'requestReset', tokenHash: 'r1', expiresAt: later(30), throttle })
      .thenNothingHappened();
  });

  it('a link resets once: after PasswordReset it (and its siblings) are dead, and refresh families are outdated', () => {
    const history = [signedUp, requested('r1'), requested('r2')];
    const reset = account
      .given(history)
      .when({ kind: 'resetPassword', tokenHash: 'r1', passwordHash: '$argon2id$new', now })
      .then([{ type: 'PasswordReset', data: { accountId: id, tokenHash: 'r1', passwordHash: '$argon2id$new' } }]);
    const after = [...history, ...reset];
    expect(fold(accountDecider, after).credentialVersion).toBe(fold(accountDecider, history).credentialVersion + 1);
    for (const hash of ['r1', 'r2']) {
      account.given(after).when({ kind: 'resetPassword', tokenHash: hash, passwordHash: 'x', now }).thenThrows('identity.link_expired');
    }
  });

  it('an expired link is refused', () => {
    account
      .given([signedUp, requested('r1', 30)])
      .when({ kind: 'resetPassword', tokenHash: 'r1', passwordHash: 'x', now: later(31) })
      .thenThrows('identity.link_expired');
  });
});

describe('account decider: own password and profile', () => {
  it('changing the password needs the current one', () => {
    account
      .given([signedUp])
      .when({ kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: false, passwordHash: '' })
      .thenThrows('identity.old_password_incorrect', { message: 'Old password is incorrect' });
    account
      .given([signedUp])
      .when({ kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: true, passwordHash: '$argon2id$new' })
      .then([{ type: 'PasswordChanged', data: { accountId: id, passwordHash: '$argon2id$new' } }]);
  });

  it('refuses a change checked against a password that changed meanwhile', () => {
    const changed: AccountEvent = { type: 'PasswordChanged', data: { accountId: id, passwordHash: '$argon2id$mid' } };
    account
      .given([signedUp, changed])
      .when({ kind: 'changePassword', checkedHash: '$argon2id$old', currentMatches: true, passwordHash: 'x' })
      .thenThrows('concurrency.conflict');
  });

  it('updates the profile, and skips an unchanged one', () => {
    account.given([signedUp]).when({ kind: 'updateProfile', firstName: 'Mona', lastName: 'Hassan', locale: 'ar' }).thenNothingHappened();
    account
      .given([signedUp])
      .when({ kind: 'updateProfile', firstName: 'Salma', lastName: 'Hassan', locale: 'en' })
      .then([{ type: 'ProfileUpdated', data: { accountId: id, firstName: 'Salma', lastName: 'Hassan', locale: 'en' } }]);
  });
});

describe('account decider: staff', () => {
  it('creates an admin once; a retry is a no-op; another admin under the id is a conflict', () => {
    account
      .given([])
      .when({ kind: 'createAdmin', data: adminCreated.data as never })
      .then([adminCreated]);
    account
      .given([adminCreated])
      .when({ kind: 'createAdmin', data: adminCreated.data as never })
      .thenNothingHappened();
    account
      .given([adminCreated])
      .when({ kind: 'createAdmin', data: { ...(adminCreated.data as never as object), email: 'x@example.com' } as never })
      .thenThrows('request.duplicate_id');
  });

  it('updates name and roles of staff only', () => {
    account
      .given([adminCreated])
      .when({ kind: 'updateAdmin', firstName: 'Karim', lastName: 'Adel', roleIds: ['role-manager'] })
      .then([{ type: 'AdminUpdated', data: { accountId: id, firstName: 'Karim', lastName: 'Adel', roleIds: ['role-manager'] } }]);
    account
      .given([signedUp])
      .when({ kind: 'updateAdmin', firstName: 'A', lastName: 'B', roleIds: [] })
      .thenThrows('identity.admin_not_found');
  });

  it('deactivates and reactivates with a reason, never oneself; a deactivated admin is blocked', () => {
    const off: AccountEvent = { type: 'AdminDeactivated', data: { accountId: id, reason: 'left' } };
    account.given([adminCreated]).when({ kind: 'setAdminActive', active: false, reason: 'left', by: 'someone-else' }).then([off]);
    account.given([adminCreated]).when({ kind: 'setAdminActive', active: false, reason: 'left', by: id }).thenThrows('auth.forbidden');
    expect(accountBlock(fold(accountDecider, [adminCreated, off]))?.code).toBe('identity.account_inactive');
    account.given([adminCreated, off]).when({ kind: 'setAdminActive', active: false, reason: 'again', by: 'x' }).thenNothingHappened();
    account
      .given([adminCreated, off])
      .when({ kind: 'setAdminActive', active: true, reason: 'back', by: 'x' })
      .then([{ type: 'AdminActivated', data: { accountId: id, reason: 'back' } }]);
  });
});
