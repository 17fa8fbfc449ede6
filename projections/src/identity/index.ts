// Identity's read models: accounts, staff, customers, roles, reset links, what the token guard checks, profiles.
export {
  ACCOUNTS,
  ADMINS,
  CUSTOMER_ACCOUNTS,
  RESET_LINKS,
  ROLES,
  identityProjection,
  resetLinkKey,
  type AccountDoc,
  type AdminDoc,
  type CustomerAccountDoc,
  type CustomerCarsSummary,
  type ResetLinkDoc,
  type RoleDoc,
} from './identity.projection';
export {
  ACCOUNT_ACCESS,
  ENDED_SIGN_INS,
  accountAccessProjection,
  type AccountAccessDoc,
  type EndedSignInDoc,
} from './account-access.projection';
export { CUSTOMER_PROFILES, customerProfilesProjection, type CustomerProfileDoc } from './customer-profiles.projection';
export { actorView, fullName, type ActorView } from './actor-view';
