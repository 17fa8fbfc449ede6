// Identity's queries: the signed-in user, staff, roles, customers (the customer's own profile and the staff's
// customer screens), the dev mailbox, and what the token guard and other contexts read of accounts.
export { IdentityAnswers } from './identity.answers';
export { AccountAnswers } from './account.answers';
export { CustomersAdminAnswers } from './customers-admin.answers';
export { AccountAccessCache } from './account-access';
export { ActorNames } from './actor-names';
