import type { CustomerProfileView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { ACCOUNTS, CUSTOMER_ACCOUNTS, CUSTOMER_PROFILES } from '@evc/projections';

/** The customer's personal info: names, e-mail, phone, gender (identity views), address, delivery and picture. */
export async function customerProfile(documents: DocumentStore, customerId: string): Promise<CustomerProfileView | null> {
  const [customer, account, profile] = await Promise.all([
    CUSTOMER_ACCOUNTS.in(documents).findOne({ _id: customerId }),
    ACCOUNTS.in(documents).findOne({ _id: customerId }, { projection: { locale: 1 } }),
    CUSTOMER_PROFILES.in(documents).findOne({ _id: customerId }),
  ]);
  if (!customer || !account) return null;
  return {
    customerId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    gender: customer.gender,
    address: profile?.address ?? null,
    deliveryAddress: profile?.deliveryAddress ?? { sameAsHome: true, address: null },
    pictureFileId: profile?.pictureFileId ?? null,
    birthDate: customer.birthDate ?? null,
    locale: account.locale,
    revision: customer.revision,
  };
}
