import type { Locale } from '@evc/contracts';
import type { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { AccountEvent, AdminCreated, CustomerDetailsUpdated, CustomerSignedUp } from '@evc/contracts';

type Details = Omit<CustomerDetailsUpdated['data'], 'accountId'>;

interface PendingLink {
  tokenHash: string;
  expiresAt: string;
}

export interface AccountState {
  accountId: string | null;
  userType: 1 | 5 | null;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  phone: string;
  gender: 'male' | 'female' | null;
  /** Personal info beyond sign-up: null until the customer first saves it. */
  details: Details | null;
  passwordHash: string;
  emailVerified: boolean;
  banned: boolean;
  active: boolean;
  roleIds: string[];
  /** Bumped by a password reset or change; refresh families opened under an older version are refused. */
  credentialVersion: number;
  /** The refresh family the latest password change was made from: it alone survives that change. */
  keptFamily: { familyId: string; version: number } | null;
  verificationLinks: PendingLink[];
  resetLinks: PendingLink[];
  /** When link mails (verification or reset) were issued: the resend interval and the daily cap read it. */
  linkMailsAt: string[];
}

export const initialAccount: AccountState = {
  accountId: null,
  userType: null,
  email: '',
  firstName: '',
  lastName: '',
  locale: 'en',
  phone: '',
  gender: null,
  details: null,
  passwordHash: '',
  emailVerified: false,
  banned: false,
  active: true,
  roleIds: [],
  credentialVersion: 0,
  keptFamily: null,
  verificationLinks: [],
  resetLinks: [],
  linkMailsAt: [],
};

/** Throttle of link mails: at most one per `intervalMs`, at most `maxPerDay` in 24 hours. */
export interface LinkThrottle {
  now: string;
  intervalMs: number;
  maxPerDay: number;
}

export type AccountCommand =
  | {
      kind: 'signUpCustomer';
      data: CustomerSignedUp['data'];
      verification: { tokenHash: string; expiresAt: string; issuedAt: string } | 'verified';
    }
  | { kind: 'createAdmin'; data: AdminCreated['data'] }
  | { kind: 'updateAdmin'; firstName: string; lastName: string; roleIds: string[] }
  | { kind: 'setAdminActive'; active: boolean; reason: string; by: string }
  | { kind: 'issueVerification'; tokenHash: string; expiresAt: string; throttle: LinkThrottle }
  | { kind: 'verifyEmail'; tokenHash: string; now: string }
  | { kind: 'requestReset'; tokenHash: string; expiresAt: string; throttle: LinkThrottle }
  | { kind: 'resetPassword'; tokenHash: string; passwordHash: string; now: string }
  /** The handler checked the current password against `checkedHash`; a different hash now means it changed meanwhile. */
  | { kind: 'changePassword'; checkedHash: string; currentMatches: boolean; passwordHash: string; keptFamilyId?: string }
  | { kind: 'updateProfile'; firstName: string; lastName: string; locale: Locale }
  /** The customer's personal info; the handler reserved a new e-mail address before (and releases the old after). */
  | { kind: 'updatePersonalInfo'; firstName: string; lastName: string; email: string; details: Details }
  | { kind: 'ban'; reason: string }
  | { kind: 'unban'; reason: string };

const live = (links: PendingLink[], now: string) => links.filter((l) => l.expiresAt > now);

function throttled(state: AccountState, t: LinkThrottle): boolean {
  const now = Date.parse(t.now);
  const recent = state.linkMailsAt.filter((at) => now - Date.parse(at) < 24 * 3600_000);
  const last = recent.at(-1);
  return recent.length >= t.maxPerDay || (last !== undefined && now - Date.parse(last) < t.intervalMs);
}

function requireKind(state: AccountState, userType: 1 | 5): asserts state is AccountState & { accountId: string } {
  if (state.accountId === null || state.userType !== userType) {
    throw userType === 1
      ? new DomainError('identity.admin_not_found', 'No such staff member')
      : new DomainError('identity.customer_not_found', 'No such customer');
  }
}

const linkExpired = () => new DomainError('identity.link_expired', 'This link is not valid anymore');

/** One account (customer or staff): profile, credentials, verification, reset links, ban and activation. */
export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccount,

  evolve(state, event) {
    switch (event.type) {
      case 'CustomerSignedUp': {
        const { accountId, email, firstName, lastName, locale, phone, gender, passwordHash } = event.data;
        return { ...state, accountId, userType: 5, email, firstName, lastName, locale, phone, gender, passwordHash };
      }
      case 'AdminCreated': {
        const { accountId, email, firstName, lastName, locale, roleIds, passwordHash } = event.data;
        return { ...state, accountId, userType: 1, email, firstName, lastName, locale, roleIds, passwordHash, emailVerified: true };
      }
      case 'AdminUpdated':
        return { ...state, firstName: event.data.firstName, lastName: event.data.lastName, roleIds: event.data.roleIds };
      case 'AdminDeactivated':
        return { ...state, active: false };
      case 'AdminActivated':
        return { ...state, active: true };
      case 'EmailVerificationIssued':
        return {
          ...state,
          verificationLinks: [...state.verificationLinks, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }],
          linkMailsAt: [...state.linkMailsAt.slice(-50), event.data.issuedAt],
        };
      case 'EmailVerified':
        return { ...state, emailVerified: true, verificationLinks: [] };
      case 'PasswordResetRequested':
        return {
          ...state,
          resetLinks: [...state.resetLinks, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }],
          linkMailsAt: [...state.linkMailsAt.slice(-50), event.data.issuedAt],
        };
      case 'PasswordReset':
        // Every outstanding link dies with the reset: a link is single use, and so are its siblings.
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          resetLinks: [],
          credentialVersion: state.credentialVersion + 1,
          keptFamily: null,
        };
      case 'PasswordChanged': {
        // Every other sign-in ends with a change; the one it was made from carries on.
        const credentialVersion = state.credentialVersion + 1;
        const keptFamily = event.data.keptFamilyId ? { familyId: event.data.keptFamilyId, version: credentialVersion } : null;
        return { ...state, passwordHash: event.data.passwordHash, resetLinks: [], credentialVersion, keptFamily };
      }
      case 'ProfileUpdated':
        return { ...state, firstName: event.data.firstName, lastName: event.data.lastName, locale: event.data.locale };
      case 'CustomerDetailsUpdated': {
        const { accountId: _id, ...details } = event.data;
        return { ...state, phone: details.phone, gender: details.gender, details };
      }
      case 'EmailChanged':
        return { ...state, email: event.data.email };
      case 'CustomerBanned':
        return { ...state, banned: true };
      case 'CustomerUnbanned':
        return { ...state, banned: false };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'signUpCustomer': {
        if (state.accountId !== null) throw new DomainError('identity.email_exists', 'Email already exists');
        const { accountId } = command.data;
        const v = command.verification;
        return [
          { type: 'CustomerSignedUp', data: command.data },
          v === 'verified'
            ? { type: 'EmailVerified', data: { accountId } }
            : { type: 'EmailVerificationIssued', data: { accountId, ...v } },
        ];
      }
      case 'createAdmin': {
        if (state.accountId === null) return [{ type: 'AdminCreated', data: command.data }];
        // A retried create of the same admin is a no-op; the id of someone else is a conflict.
        if (state.userType === 1 && state.email === command.data.email) return [];
        throw new DomainError('request.duplicate_id', 'This staff id is taken', [{ path: 'adminId', code: 'exists' }]);
      }
      case 'updateAdmin': {
        requireKind(state, 1);
        const same =
          state.firstName === command.firstName &&
          state.lastName === command.lastName &&
          JSON.stringify(state.roleIds) === JSON.stringify(command.roleIds);
        return same
          ? []
          : [
              {
                type: 'AdminUpdated',
                data: { accountId: state.accountId, firstName: command.firstName, lastName: command.lastName, roleIds: command.roleIds },
              },
            ];
      }
      case 'setAdminActive': {
        requireKind(state, 1);
        if (!command.active && command.by === state.accountId) throw new DomainError('auth.forbidden', 'You cannot deactivate yourself');
        if (state.active === command.active) return [];
        const data = { accountId: state.accountId, reason: command.reason };
        return [command.active ? { type: 'AdminActivated', data } : { type: 'AdminDeactivated', data }];
      }
      case 'issueVerification': {
        if (state.accountId === null || state.userType !== 5 || state.emailVerified || throttled(state, command.throttle)) return [];
        return [
          {
            type: 'EmailVerificationIssued',
            data: {
              accountId: state.accountId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              issuedAt: command.throttle.now,
            },
          },
        ];
      }
      case 'verifyEmail': {
        if (state.accountId === null) throw linkExpired();
        if (state.emailVerified) return []; // a second click on the link: already done
        if (!live(state.verificationLinks, command.now).some((l) => l.tokenHash === command.tokenHash)) throw linkExpired();
        return [{ type: 'EmailVerified', data: { accountId: state.accountId } }];
      }
      case 'requestReset': {
        if (state.accountId === null || state.banned || !state.active || throttled(state, command.throttle)) return [];
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              accountId: state.accountId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              issuedAt: command.throttle.now,
            },
          },
        ];
      }
      case 'resetPassword': {
        if (state.accountId === null || !live(state.resetLinks, command.now).some((l) => l.tokenHash === command.tokenHash))
          throw linkExpired();
        return [
          { type: 'PasswordReset', data: { accountId: state.accountId, tokenHash: command.tokenHash, passwordHash: command.passwordHash } },
        ];
      }
      case 'changePassword': {
        if (state.accountId === null) throw new DomainError('auth.unauthenticated', 'Sign in first');
        if (state.passwordHash !== command.checkedHash)
          throw new DomainError('concurrency.conflict', 'The password was changed meanwhile; try again');
        if (!command.currentMatches) {
          throw new DomainError('identity.old_password_incorrect', 'Old password is incorrect', [
            { path: 'currentPassword', code: 'old_password_incorrect' },
          ]);
        }
        const kept = command.keptFamilyId ? { keptFamilyId: command.keptFamilyId } : {};
        return [{ type: 'PasswordChanged', data: { accountId: state.accountId, passwordHash: command.passwordHash, ...kept } }];
      }
      case 'updateProfile': {
        if (state.accountId === null) throw new DomainError('auth.unauthenticated', 'Sign in first');
        const same = state.firstName === command.firstName && state.lastName === command.lastName && state.locale === command.locale;
        return same
          ? []
          : [
              {
                type: 'ProfileUpdated',
                data: { accountId: state.accountId, firstName: command.firstName, lastName: command.lastName, locale: command.locale },
              },
            ];
      }
      case 'updatePersonalInfo': {
        requireKind(state, 5);
        const { accountId } = state;
        const events: AccountEvent[] = [];
        if (command.email.toLowerCase() !== state.email.toLowerCase())
          events.push({ type: 'EmailChanged', data: { accountId, email: command.email, previousEmail: state.email } });
        if (state.firstName !== command.firstName || state.lastName !== command.lastName) {
          events.push({
            type: 'ProfileUpdated',
            data: { accountId, firstName: command.firstName, lastName: command.lastName, locale: state.locale },
          });
        }
        const current: Details | null = state.details ?? null;
        if (!current || JSON.stringify(current) !== JSON.stringify(command.details))
          events.push({ type: 'CustomerDetailsUpdated', data: { accountId, ...command.details } });
        return events;
      }
      case 'ban':
      case 'unban': {
        requireKind(state, 5);
        const banned = command.kind === 'ban';
        if (state.banned === banned) return [];
        const data = { accountId: state.accountId, reason: command.reason };
        return [banned ? { type: 'CustomerBanned', data } : { type: 'CustomerUnbanned', data }];
      }
    }
  },
};

/** Why an account may not sign in or act, or null when it may. */
export function accountBlock(state: AccountState): DomainError | null {
  if (state.banned) return new DomainError('identity.account_banned', 'This account is banned');
  if (!state.active) return new DomainError('identity.account_inactive', 'This account is deactivated');
  return null;
}
