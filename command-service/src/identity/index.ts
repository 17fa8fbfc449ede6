/**
 * The identity context: accounts, sign-up/in/out, passwords, customers' profiles and bans, staff, roles. Other
 * contexts check who may act through the AccountGate and read accounts through the helpers below; what a ban means
 * elsewhere comes back through the OwnerBanFollower port.
 */
export { identityContext } from './identity.context';
export { ACCOUNT_GATE, AccountGate } from './account-gate';
export { accountDecider, type AccountCommand, type AccountState } from './account.decider';
export { accessVersionOf, findAccountByEmail, loadAccount, rolesOf } from './accounts';
export { AuthController, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './auth.controller';
export { SeedCustomerCommand, type IssuedSession } from './identity.commands';
export { IDENTITY, createIdentityDeps, identitySettingsFrom, type IdentityDeps, type IdentitySettings } from './identity.settings';
export { DEFAULT_THROTTLE, LoginThrottle, type ThrottleLimits } from './login-throttle';
export { BRAND, esc } from './mail-templates';
export { OWNER_BAN_FOLLOWER, type OwnerBanFollower } from './owner-ban';
export { assertPasswordAllowed, generateAllowedPassword } from './password-policy';
export { ARGON2_OPTIONS } from './passwords';
export { sha256 } from './secrets';
