import type { Privilege } from '@evc/contracts';

/** Who calls: resolved from the bearer access token on every request. */
export interface Principal {
  accountId: string;
  /** 1 = staff, 5 = customer (product-spec §4). */
  userType: 1 | 5;
  privileges: Privilege[];
  /** Role names (staff); customers have ['customer']. */
  roles: string[];
}
