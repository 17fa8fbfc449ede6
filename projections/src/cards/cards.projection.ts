import type { CardAdminView } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { Projection } from '../runner/projection';
import { fullName, ACCOUNTS, CUSTOMER_ACCOUNTS } from '../identity/index';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

export type CardDoc = CardAdminView & { _id: string; searchText: string; position: number };
export const CARDS = readModel<CardDoc>(READ_MODELS.cards);

const searchTextOf = (d: Pick<CardDoc, 'cardId' | 'referenceName' | 'customerName'>) =>
  [d.cardId, d.referenceName, d.customerName].filter(Boolean).join(' ').toLowerCase();

/**
 * The customer's card status on the customers screen (customer_accounts.cardStatus): `active` while any card of
 * theirs is, `inactive` when they have cards but none active, absent without cards. Recomputed from `cards` each
 * time, so a replay gives the same answer.
 */
async function refreshCustomerCardStatus(
  documents: DocumentStore,
  customerId: string,
  changed: (collection: string, id?: string, customerIds?: readonly string[]) => void,
) {
  const cards = await CARDS.in(documents)
    .find({ customerId }, { projection: { status: 1 } })
    .toArray();
  const cardStatus = cards.length === 0 ? undefined : cards.some((c) => c.status === 'active') ? 'active' : 'inactive';
  const customers = CUSTOMER_ACCOUNTS.in(documents);
  const customer = await customers.findOne({ _id: customerId }, { projection: { cardStatus: 1 } });
  if (!customer || customer.cardStatus === cardStatus) return;
  await customers.updateOne({ _id: customerId }, cardStatus ? { $set: { cardStatus } } : { $unset: { cardStatus: '' } });
  changed(READ_MODELS.customers, customerId, [customerId]);
}

/** `cards`: every card with its owner, reference name, issue date, status and the last reason it was turned off or on. */
export const cardsProjection: Projection = {
  name: 'cards',
  collections: [READ_MODELS.cards],
  async setup(documents) {
    const cards = documents.collection(READ_MODELS.cards);
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
      changed(READ_MODELS.cards, d.cardId, [d.customerId]);
      await refreshCustomerCardStatus(documents, d.customerId, changed);
    },
    async CardIssueWithdrawn({ data: d, position }, { documents, changed }) {
      const cards = CARDS.in(documents);
      const existing = await cards.findOne({ _id: d.cardId }, { projection: { position: 1 } });
      if (!existing || existing.position >= position) return;
      await cards.deleteOne({ _id: d.cardId });
      changed(READ_MODELS.cards, d.cardId, [d.customerId]);
      await refreshCustomerCardStatus(documents, d.customerId, changed);
    },
    CardDeactivated: setStatus,
    CardActivated: setStatus,
    async ProfileUpdated({ data: d }, { documents, changed }) {
      const cards = CARDS.in(documents);
      const customerName = fullName(d);
      const mine = await cards.find({ customerId: d.accountId, customerName: { $ne: customerName } }).toArray();
      for (const doc of mine)
        await cards.replaceOne({ _id: doc._id }, { ...doc, customerName, searchText: searchTextOf({ ...doc, customerName }) });
      if (mine.length > 0) changed(READ_MODELS.cards, undefined, [d.accountId]);
    },
  },
};

async function setStatus(
  {
    type,
    data: d,
    revision,
    position,
  }: {
    type: 'CardDeactivated' | 'CardActivated';
    data: { cardId: string; customerId: string; reason: string; at: string };
    revision: number;
    position: number;
  },
  { documents, changed }: { documents: DocumentStore; changed: (collection: string, id?: string, customerIds?: readonly string[]) => void },
) {
  const cards = CARDS.in(documents);
  const doc = await cards.findOne({ _id: d.cardId });
  if (!doc || doc.position >= position) return;
  const status = type === 'CardActivated' ? 'active' : 'inactive';
  await cards.replaceOne({ _id: d.cardId }, { ...doc, status, statusReason: d.reason, statusChangedAt: d.at, revision, position });
  changed(READ_MODELS.cards, d.cardId, [d.customerId]);
  await refreshCustomerCardStatus(documents, d.customerId, changed);
}
