import type { CardRequestAdminView, CardRequestStep, CardRequestEvent } from '@evc/contracts';
import type { DocumentStore } from '@evc/platform';
import type { EventHandler, Projection } from '../runner/projection';
import { actorView, fullName, ACCOUNTS } from '../identity/index';
import { GOVERNORATES } from '../network/index';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

/** The staff view, plus what lists search (`searchText`, lower-cased) and the last event applied (`position`). */
export type CardRequestDoc = CardRequestAdminView & { _id: string; searchText: string; position: number };
export const CARD_REQUESTS = readModel<CardRequestDoc>(READ_MODELS.cardRequests);

const searchTextOf = (d: Pick<CardRequestDoc, 'requestId' | 'customerName' | 'customerEmail' | 'phone' | 'cardId' | 'referenceName'>) =>
  [d.requestId, d.customerName, d.customerEmail, d.phone, d.cardId, d.referenceName].filter(Boolean).join(' ').toLowerCase();

async function step(
  documents: DocumentStore,
  event: Parameters<EventHandler<CardRequestEvent['type']>>[0],
  note: string | null,
): Promise<CardRequestStep> {
  const actor = await actorView(documents, event.metadata.actor);
  return { status: event.data.status, at: event.data.at, note, actorType: actor.type, actorName: actor.name };
}

/** A status change: the status, the note the customer was given (or none), one more step, the stream's revision. */
const changeStatus: EventHandler<Exclude<CardRequestEvent['type'], 'CardRequested'>> = async (event, { documents, changed }) => {
  const requests = CARD_REQUESTS.in(documents);
  const doc = await requests.findOne({ _id: event.data.requestId });
  if (!doc || doc.position >= event.position) return; // replayed
  const d = event.data;
  const note = 'reason' in d ? d.reason : 'note' in d ? d.note : null;
  const next: CardRequestDoc = {
    ...doc,
    status: d.status,
    note,
    updatedAt: d.at,
    timeline: [...doc.timeline, await step(documents, event, note)],
    revision: event.revision,
    position: event.position,
    ...('cardId' in d ? { cardId: d.cardId, issueDate: d.issueDate } : {}),
  };
  next.searchText = searchTextOf(next);
  await requests.replaceOne({ _id: doc._id }, next);
  changed(READ_MODELS.cardRequests, doc._id, [doc.customerId]);
};

/**
 * `card_requests`: one document per request with the customer's name and e-mail, the governorate's names, the
 * current status with the note the customer was given, the timeline (each step's author and note) and the stream's
 * revision (what staff status changes name). A replayed event (position already applied) changes nothing.
 */
export const cardRequestsProjection: Projection = {
  name: 'card-requests',
  collections: [READ_MODELS.cardRequests],
  async setup(documents) {
    const requests = documents.collection(READ_MODELS.cardRequests);
    await requests.createIndex({ customerId: 1, createdAt: -1 });
    await requests.createIndex({ status: 1, createdAt: -1 });
    await requests.createIndex({ governorateId: 1 });
  },
  on: {
    async CardRequested(event, { documents, changed }) {
      const { data: d } = event;
      const requests = CARD_REQUESTS.in(documents);
      const existing = await requests.findOne({ _id: d.requestId }, { projection: { position: 1 } });
      if (existing) return;
      const [account, governorate] = await Promise.all([
        ACCOUNTS.in(documents).findOne({ _id: d.customerId }),
        d.governorateId ? GOVERNORATES.in(documents).findOne({ _id: d.governorateId }) : null,
      ]);
      const doc: CardRequestDoc = {
        _id: d.requestId,
        requestId: d.requestId,
        kind: d.kind,
        status: d.status,
        referenceName: d.referenceName,
        phone: d.phone,
        governorateId: d.governorateId,
        governorateNameEn: governorate?.nameEn ?? null,
        governorateNameAr: governorate?.nameAr ?? null,
        homeAddress: d.homeAddress,
        deliveryAddress: d.deliveryAddress,
        sameAsHome: d.sameAsHome,
        cardId: d.cardId,
        issueDate: null,
        note: null,
        createdAt: d.at,
        updatedAt: d.at,
        timeline: [await step(documents, event, null)],
        customerId: d.customerId,
        customerName: account ? fullName(account) : null,
        customerEmail: account?.email ?? null,
        revision: event.revision,
        searchText: '',
        position: event.position,
      };
      doc.searchText = searchTextOf(doc);
      await requests.replaceOne({ _id: doc._id }, doc, { upsert: true });
      changed(READ_MODELS.cardRequests, doc._id, [d.customerId]);
    },
    CardRequestAdvanced: changeStatus,
    CardRequestNeedsAction: changeStatus,
    CardRequestRejected: changeStatus,
    CardRequestCanceled: changeStatus,
    CardRequestDelivered: changeStatus,
    async ProfileUpdated({ data: d }, { documents, changed }) {
      const requests = CARD_REQUESTS.in(documents);
      const customerName = fullName(d);
      const mine = await requests.find({ customerId: d.accountId, customerName: { $ne: customerName } }).toArray();
      for (const doc of mine) {
        const next = { ...doc, customerName };
        await requests.replaceOne({ _id: doc._id }, { ...next, searchText: searchTextOf(next) });
      }
      if (mine.length > 0) changed(READ_MODELS.cardRequests, undefined, [d.accountId]);
    },
  },
};
