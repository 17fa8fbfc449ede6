import type { AdminListQuery, CustomerAdminView } from '@evc/contracts';
import type { Doc, DocumentStore } from '@evc/platform';
import { RM } from '@evc/projections';
import { runAdminList, type ListAnswer } from './admin-list';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The customers screen. Car, battery, licences, card, last charge, wallet and age belong to later issues: null until then. */
export const customerAdminView = (d: Doc): CustomerAdminView => ({
  customerId: str(d.customerId),
  firstName: str(d.firstName),
  lastName: str(d.lastName),
  email: str(d.email),
  phone: str(d.phone),
  gender: d.gender === 'female' ? 'female' : 'male',
  age: typeof d.age === 'number' ? d.age : null,
  carType: typeof d.carType === 'string' ? d.carType : null,
  batteryRange: typeof d.batteryRange === 'string' ? d.batteryRange : null,
  licenceImageIds: (d.licenceImageIds as string[] | undefined) ?? [],
  cardStatus: typeof d.cardStatus === 'string' ? d.cardStatus : null,
  lastChargeAt: typeof d.lastChargeAt === 'string' ? d.lastChargeAt : null,
  walletBalance: typeof d.walletBalance === 'number' ? d.walletBalance : null,
  banned: d.banned === true,
  banReason: typeof d.banReason === 'string' ? d.banReason : null,
  emailVerified: d.emailVerified === true,
  createdAt: str(d.createdAt),
  revision: Number(d.revision ?? 0),
});

export class CustomersAdminQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** Search by name, e-mail or phone (the identity projection's searchText); filter banned. */
  list(q: AdminListQuery & { banned?: 'true' | 'false' }): Promise<ListAnswer<CustomerAdminView>> {
    return runAdminList(
      {
        collection: this.documents.collection(RM.customers),
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
    const doc = await this.documents.collection(RM.customers).findOne({ _id: customerId });
    return doc ? customerAdminView(doc) : null;
  }
}
