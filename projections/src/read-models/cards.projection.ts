import type { CardAdminView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { fullName } from './actor-view';
import { CARDS_RM } from './cards-collections';
import { RM } from './collections';
import { ACCOUNTS, CUSTOMER_ACCOUNTS } from './identity.projection';
import { readModel } from './read-model';

export type CardDoc = CardAdminView & { _id: string; searchText: string; position: number };
export const CARDS = readModel<CardDoc>(CARDS_RM.cards);

const searchTextOf = (d: Pick<CardDoc, 'cardId' | 'referenceName' | 'customerName'>) => [d.cardId, d.referenceName, d.customerName].filter(Boolean).join(' ').toLowerCase();

/**
 * The customer's card status on the customers screen (customer_accounts.cardStatus): `active` while any card of
 * theirs is, `inactive` when they have cards but none active, absent without cards. Recomputed from `cards` each
 * time, so a replay gives the same answer.
 */
async function refreshCustomerCardStatus(documents: DocumentStore, customerId: string, changed: (collection: string, id?: string, customerIds?: readonly string[]) => void) {
  const cards = await CARDS.in(documents).find({ customerId }, { projection: { status: 1 } }).toArray();
  const cardStatus = cards.length === 0 ? undefined : cards.some((c) => c.status === 'active') ? 'active' : 'inactive';
  const customers = CUSTOMER_ACCOUNTS.in(documents);
  const customer = await customers.findOne({ _id: customerId }, { projection: { cardStatus: 1 } });
  if (!customer || customer.cardStatus === cardStatus) return;
  await customers.updateOne({ _id: customerId }, cardStatus ? { $set: { cardStatus } } : { $unset: { cardStatus: '' } });
  changed(RM.customers, customerId, [customerId]);
}

/** `cards`: every card with its owner, reference name, issue date, status and the last reason it was turned off or on. */
export const cardsProjection: Projection = {
  name: 'cards',
  collections: [CARDS_RM.cards],
  async setup(documents) {
    const cards = documents.collection(CARDS_RM.cards);
    await cards.createIndex({ customerId: 1, issueDate: -1 });
    await cards.createIndex({ status: 1 });
  },
  on: {
    async CardIssued({ data: d, revision, position }, { documents, changed }) {
      const cards = CARDS.in(documents);
      const existing = await cards.findOne({ _id: d.cardId }, { projection: { position: 1 } });
      if (existing && existing.position >= position) return;
      const account = await ACCOUNTS.in(documents).findOne({ _id: d.customerId });
      const doc: CardDoc = {
        _id: d.cardId,
        cardId: d.cardId,
        referenceName: d.referenceName,
        issueDate: d.issueDate,
        status: 'active',
        origin: d.origin,
        requestId: d.requestId,
        statusReason: null,
        statusChangedAt: null,
        customerId: d.customerId,
        customerName: account ? fullName(account) : null,
        revision,
        searchText: '',
        position,
      };
      doc.searchText = searchTextOf(doc);
      await cards.replaceOne({ _id: doc._id }, doc, { upsert: true });
      changed(CARDS_RM.cards, d.cardId, [d.customerId]);
      await refreshCustomerCardStatus(documents, d.customerId, changed);
    },
    async CardIssueWithdrawn({ data: d, position }, { documents, changed }) {
      const cards = CARDS.in(documents);
      const existing = await cards.findOne({ _id: d.cardId }, { projection: { position: 1 } });
      if (!existing || existing.position >= position) return;
      await cards.deleteOne({ _id: d.cardId });
      changed(CARDS_RM.cards, d.cardId, [d.customerId]);
      await refreshCustomerCardStatus(documents, d.customerId, changed);
    },
    CardDeactivated: setStatus,
    CardActivated: setStatus,
    async ProfileUpdated({ data: d }, { documents, changed }) {
      const cards = CARDS.in(documents);
      const customerName = fullName(d);
      const mine = await cards.find({ customerId: d.accountId, customerName: { $ne: customerName } }).toArray();
      for (const doc of mine) await cards.replaceOne({ _id: doc._id }, { ...doc, customerName, searchText: searchTextOf({ ...doc, customerName }) });
      if (mine.length > 0) changed(CARDS_RM.cards, undefined, [d.accountId]);
    },
  },
};

async function setStatus(
  { type, data: d, revision, position }: { type: 'CardDeactivated' | 'CardActivated'; data: { cardId: string; customerId: string; reason: string; at: string }; revision: number; position: number },
  { documents, changed }: { documents: DocumentStore; changed: (collection: string, id?: string, customerIds?: readonly string[]) => void },
) {
  const cards = CARDS.in(documents);
  const doc = await cards.findOne({ _id: d.cardId });
  if (!doc || doc.position >= position) return;
  const status = type === 'CardActivated' ? 'active' : 'inactive';
  await cards.replaceOne({ _id: d.cardId }, { ...doc, status, statusReason: d.reason, statusChangedAt: d.at, revision, position });
  changed(CARDS_RM.cards, d.cardId, [d.customerId]);
  await refreshCustomerCardStatus(documents, d.customerId, changed);
}
