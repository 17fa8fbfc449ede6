import type { Privilege } from '@evc/contracts';

/** Who calls: resolved from the bearer access token on every request. */
export interface Principal {
  accountId: string;
  /** 1 = staff, 5 = customer (docs/rules.md §6). */
  userType: 1 | 5;
  privileges: Privilege[];
  /** Role names (staff); customers have ['customer']. */
  roles: string[];
  /**
   * The account's access version when the token was signed (contracts identity/access-version.ts): a guard refuses
   * the token once the account's version is higher. Absent only on principals the server builds for itself.
   */
  version?: number;
  /** The refresh family (sign-in) the token was issued from: a password change keeps this one signed in. */
  familyId?: string;
}
