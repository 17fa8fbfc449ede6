import type { AdminListQuery, CustomerAdminView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { CUSTOMER_ACCOUNTS, type CustomerAccountDoc } from '@evc/projections';
import { customerIdentity } from '../identity/identity.queries';
import { runAdminList, type ListAnswer } from './admin-list';

/**
 * The customers screen. Age, car type, battery range and licences belong to later issues: no read model holds them
 * yet, so they are empty until then. The card status is the cards projection's (active while any card is).
 */
export const customerAdminView = (d: CustomerAccountDoc): CustomerAdminView => ({
  ...customerIdentity(d),
  age: null,
  carType: null,
  batteryRange: null,
  licenceImageIds: [],
  cardStatus: d.cardStatus ?? null,
  lastChargeAt: d.lastChargeAt ?? null,
  walletBalance: d.walletBalance ?? null,
  banned: d.banned,
  banReason: d.banReason,
  emailVerified: d.emailVerified,
  createdAt: d.createdAt,
  revision: d.revision,
});

export class CustomersAdminQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** Search by name, e-mail or phone (the identity projection's searchText); filter banned. */
  list(q: AdminListQuery & { banned?: 'true' | 'false' }): Promise<ListAnswer<CustomerAdminView>> {
    return runAdminList(
      {
        collection: CUSTOMER_ACCOUNTS.in(this.documents),
        filter: q.banned ? { banned: q.banned === 'true' } : {},
        sortable: {
          firstName: 'firstName',
          lastName: 'lastName',
          email: 'email',
          phone: 'phone',
          gender: 'gender',
          // filled by later issues (cars, cards, sessions, wallet); sortable now so the screen's columns work
          age: 'age',
          cardStatus: 'cardStatus',
          lastChargeAt: 'lastChargeAt',
          walletBalance: 'walletBalance',
          createdAt: 'createdAt',
          banned: 'banned',
        },
        defaultSort: { createdAt: -1, _id: 1 },
        toView: customerAdminView,
        columns: [
          { header: 'First name', value: (v) => v.firstName },
          { header: 'Last name', value: (v) => v.lastName },
          { header: 'E-mail', value: (v) => v.email },
          { header: 'Phone', value: (v) => v.phone },
          { header: 'Gender', value: (v) => v.gender },
          { header: 'Car type', value: (v) => v.carType },
          { header: 'Battery range', value: (v) => v.batteryRange },
          { header: 'Card status', value: (v) => v.cardStatus },
          { header: 'Last charge', value: (v) => v.lastChargeAt },
          { header: 'Wallet (piastres)', value: (v) => v.walletBalance },
          { header: 'Banned', value: (v) => (v.banned ? 'yes' : 'no') },
          { header: 'Joined', value: (v) => v.createdAt },
        ],
      },
      q,
    );
  }

  async get(customerId: string): Promise<CustomerAdminView | null> {
    const doc = await CUSTOMER_ACCOUNTS.in(this.documents).findOne({ _id: customerId });
    return doc ? customerAdminView(doc) : null;
  }
}
