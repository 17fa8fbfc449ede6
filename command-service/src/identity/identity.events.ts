import type { Locale, Privilege } from '@evc/contracts';

/**
 * Events of the identity context. Credentials appear only as hashes: an argon2id password hash, the sha256 of a
 * link or refresh token. Nothing here is ever copied into a read model a query serves.
 */
export type CustomerSignedUp = {
  type: 'CustomerSignedUp';
  data: { accountId: string; firstName: string; lastName: string; email: string; phone: string; gender: 'male' | 'female'; locale: Locale; passwordHash: string };
};
export type AdminCreated = {
  type: 'AdminCreated';
  data: { accountId: string; firstName: string; lastName: string; email: string; roleIds: string[]; locale: Locale; passwordHash: string };
};
export type AdminUpdated = { type: 'AdminUpdated'; data: { accountId: string; firstName: string; lastName: string; roleIds: string[] } };
export type AdminDeactivated = { type: 'AdminDeactivated'; data: { accountId: string; reason: string } };
export type AdminActivated = { type: 'AdminActivated'; data: { accountId: string; reason: string } };
export type EmailVerificationIssued = { type: 'EmailVerificationIssued'; data: { accountId: string; tokenHash: string; expiresAt: string; issuedAt: string } };
export type EmailVerified = { type: 'EmailVerified'; data: { accountId: string } };
export type PasswordResetRequested = { type: 'PasswordResetRequested'; data: { accountId: string; tokenHash: string; expiresAt: string; issuedAt: string } };
/** Revokes every refresh family of the account (they carry the credential version they were opened with). */
export type PasswordReset = { type: 'PasswordReset'; data: { accountId: string; tokenHash: string; passwordHash: string } };
export type PasswordChanged = { type: 'PasswordChanged'; data: { accountId: string; passwordHash: string } };
export type ProfileUpdated = { type: 'ProfileUpdated'; data: { accountId: string; firstName: string; lastName: string; locale: Locale } };
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
  | CustomerBanned
  | CustomerUnbanned;

export type EmailReserved = { type: 'EmailReserved'; data: { accountId: string } };

export type RoleCreated = { type: 'RoleCreated'; data: { roleId: string; name: string; nameAr: string; privileges: Privilege[] } };
export type RoleUpdated = { type: 'RoleUpdated'; data: { roleId: string; name: string; nameAr: string; privileges: Privilege[] } };
export type RoleEvent = RoleCreated | RoleUpdated;

export type RefreshFamilyStarted = {
  type: 'RefreshFamilyStarted';
  data: { familyId: string; accountId: string; tokenHash: string; rememberMe: boolean; expiresAt: string; credentialVersion: number };
};
export type RefreshTokenRotated = { type: 'RefreshTokenRotated'; data: { familyId: string; tokenHash: string } };
export type RefreshFamilyRevoked = {
  type: 'RefreshFamilyRevoked';
  data: { familyId: string; reason: 'sign-out' | 'reuse' | 'banned' | 'inactive' | 'password-reset' | 'account-missing' };
};
export type RefreshFamilyEvent = RefreshFamilyStarted | RefreshTokenRotated | RefreshFamilyRevoked;

/** Event types the identity projection reads. */
export const IDENTITY_EVENT_TYPES = [
  'CustomerSignedUp',
  'AdminCreated',
  'AdminUpdated',
  'AdminDeactivated',
  'AdminActivated',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordReset',
  'ProfileUpdated',
  'CustomerBanned',
  'CustomerUnbanned',
  'RoleCreated',
  'RoleUpdated',
] as const;
