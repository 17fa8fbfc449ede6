import type { Locale } from '../shared/constants';
import type { Privilege } from '../shared/privileges';

/** Stream names of the identity context. */
export const identityStreams = {
  account: (accountId: string) => `account-${accountId}`,
  /** Reserves an e-mail address for one account (unique e-mail), keyed by a hash of the lower-cased address. */
  emailIndex: (emailHash: string) => `account-email-${emailHash}`,
  role: (roleId: string) => `role-${roleId}`,
  refreshFamily: (familyId: string) => `refresh-family-${familyId}`,
};

/**
 * Events of `account-<id>` (customers and staff). Credentials appear only as hashes: an argon2id password hash, the
 * sha256 of a link or refresh token. Nothing here is ever copied into a read model a query serves.
 */
export type CustomerSignedUp = {
  type: 'CustomerSignedUp';
  data: {
    accountId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    gender: 'male' | 'female';
    locale: Locale;
    passwordHash: string;
  };
};
export type AdminCreated = {
  type: 'AdminCreated';
  data: { accountId: string; firstName: string; lastName: string; email: string; roleIds: string[]; locale: Locale; passwordHash: string };
};
export type AdminUpdated = { type: 'AdminUpdated'; data: { accountId: string; firstName: string; lastName: string; roleIds: string[] } };
export type AdminDeactivated = { type: 'AdminDeactivated'; data: { accountId: string; reason: string } };
export type AdminActivated = { type: 'AdminActivated'; data: { accountId: string; reason: string } };
export type EmailVerificationIssued = {
  type: 'EmailVerificationIssued';
  data: { accountId: string; tokenHash: string; expiresAt: string; issuedAt: string };
};
export type EmailVerified = { type: 'EmailVerified'; data: { accountId: string } };
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { accountId: string; tokenHash: string; expiresAt: string; issuedAt: string };
};
/** Revokes every refresh family of the account (they carry the credential version they were opened with). */
export type PasswordReset = { type: 'PasswordReset'; data: { accountId: string; tokenHash: string; passwordHash: string } };
/** `keptFamilyId`: the sign-in the change was made from stays signed in; every other refresh family ends. */
export type PasswordChanged = { type: 'PasswordChanged'; data: { accountId: string; passwordHash: string; keptFamilyId?: string } };
export type ProfileUpdated = { type: 'ProfileUpdated'; data: { accountId: string; firstName: string; lastName: string; locale: Locale } };
/** The customer's own details beside the names (personal info): kept whole, as the customer saved them. */
export type CustomerDetailsUpdated = {
  type: 'CustomerDetailsUpdated';
  data: {
    accountId: string;
    phone: string;
    gender: 'male' | 'female';
    address: string;
    deliveryAddress: { sameAsHome: boolean; address: string | null };
    pictureFileId: string | null;
    /** YYYY-MM-DD; absent when not given (and in events recorded before it was asked). */
    birthDate?: string;
  };
};
/** The sign-in address changed (the new one reserved in `account-email-<sha256>` first, the old one released after). */
export type EmailChanged = { type: 'EmailChanged'; data: { accountId: string; email: string; previousEmail: string } };
export type CustomerBanned = { type: 'CustomerBanned'; data: { accountId: string; reason: string } };
export type CustomerUnbanned = { type: 'CustomerUnbanned'; data: { accountId: string; reason: string } };

export type AccountEvent =
  | CustomerSignedUp
  | AdminCreated
  | AdminUpdated
  | AdminDeactivated
  | AdminActivated
  | EmailVerificationIssued
  | EmailVerified
  | PasswordResetRequested
  | PasswordReset
  | PasswordChanged
  | ProfileUpdated
  | CustomerDetailsUpdated
  | EmailChanged
  | CustomerBanned
  | CustomerUnbanned;

/** `account-email-<sha256>`. */
export type EmailReserved = { type: 'EmailReserved'; data: { accountId: string } };
/** The address is free again (its account changed to another one). */
export type EmailReleased = { type: 'EmailReleased'; data: { accountId: string } };

/** `role-<id>`. */
export type RoleCreated = { type: 'RoleCreated'; data: { roleId: string; name: string; nameAr: string; privileges: Privilege[] } };
export type RoleUpdated = { type: 'RoleUpdated'; data: { roleId: string; name: string; nameAr: string; privileges: Privilege[] } };
export type RoleEvent = RoleCreated | RoleUpdated;

/** `refresh-family-<id>`. */
export type RefreshFamilyStarted = {
  type: 'RefreshFamilyStarted';
  data: { familyId: string; accountId: string; tokenHash: string; rememberMe: boolean; expiresAt: string; credentialVersion: number };
};
export type RefreshTokenRotated = { type: 'RefreshTokenRotated'; data: { familyId: string; tokenHash: string } };
export type RefreshFamilyRevoked = {
  type: 'RefreshFamilyRevoked';
  /** `accountId`: whose sign-in ended (absent on events recorded before it was carried). */
  data: {
    familyId: string;
    accountId?: string;
    reason: 'sign-out' | 'reuse' | 'banned' | 'inactive' | 'password-reset' | 'password-changed' | 'account-missing';
  };
};
export type RefreshFamilyEvent = RefreshFamilyStarted | RefreshTokenRotated | RefreshFamilyRevoked;

/** `seed-identity`: the seeded roles, first admin and demo customer are complete. */
export type IdentitySeeded = { type: 'IdentitySeeded'; data: { roles: number; demoCustomer: boolean } };

export type IdentityEvent = AccountEvent | EmailReserved | EmailReleased | RoleEvent | RefreshFamilyEvent | IdentitySeeded;
