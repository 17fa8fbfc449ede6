import { ageOn, cairoDate, joinBrandType, type AdminListQuery, type CustomerAdminView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import { CUSTOMER_ACCOUNTS, type CustomerAccountDoc } from '@evc/projections';
import { customerIdentity } from './identity.queries';
import { runAdminList, type ListAnswer } from '../shared/admin-list';

/**
 * The customers screen: the account, its age on `today` (a Cairo day) from the birth date, the latest car and the
 * number of cars, every car's licence images, and the card, charging and wallet fields the other projections keep.
 */
export const customerAdminView = (d: CustomerAccountDoc, today: string): CustomerAdminView => ({
  ...customerIdentity(d),
  age: d.birthDate ? ageOn(d.birthDate, today) : null,
  car: d.cars?.latest ?? null,
  carCount: d.cars?.count ?? 0,
  carType: d.cars?.latest ? joinBrandType(d.cars.latest.brandNameEn, d.cars.latest.typeNameEn) : null,
  batteryRange: d.cars?.latest?.batteryRangeName ?? null,
  licenceImageIds: d.cars?.licenceImageIds ?? [],
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
  list(q: AdminListQuery & { banned?: 'true' | 'false' }, now = new Date()): Promise<ListAnswer<CustomerAdminView>> {
    const today = cairoDate(now);
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
          // the youngest first when ascending: the latest birth date (without one: last)
          age: '-birthDate',
          cardStatus: 'cardStatus',
          lastChargeAt: 'lastChargeAt',
          walletBalance: 'walletBalance',
          createdAt: 'createdAt',
          banned: 'banned',
        },
        defaultSort: { createdAt: -1, _id: 1 },
        toView: (doc) => customerAdminView(doc, today),
        columns: [
          { header: 'First name', value: (v) => v.firstName },
          { header: 'Last name', value: (v) => v.lastName },
          { header: 'E-mail', value: (v) => v.email },
          { header: 'Phone', value: (v) => v.phone },
          { header: 'Age', value: (v) => v.age },
          { header: 'Gender', value: (v) => v.gender },
          { header: 'Cars', value: (v) => v.carCount },
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

  async get(customerId: string, now = new Date()): Promise<CustomerAdminView | null> {
    const doc = await CUSTOMER_ACCOUNTS.in(this.documents).findOne({ _id: customerId });
    return doc ? customerAdminView(doc, cairoDate(now)) : null;
  }
}
