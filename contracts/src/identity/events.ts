/** Stream names of the identity context. Event payloads are defined beside their deciders in command-service. */
export const identityStreams = {
  account: (accountId: string) => `account-${accountId}`,
  /** Reserves an e-mail address for one account (unique e-mail), keyed by a hash of the lower-cased address. */
  emailIndex: (emailHash: string) => `account-email-${emailHash}`,
  role: (roleId: string) => `role-${roleId}`,
  refreshFamily: (familyId: string) => `refresh-family-${familyId}`,
};
