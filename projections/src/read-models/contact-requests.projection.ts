import type { CONTACT_STATUSES, SubmitContactRequest } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';
import { readModel } from './read-model';

export type ContactRequestDoc = SubmitContactRequest & { _id: string; status: (typeof CONTACT_STATUSES)[number]; createdAt: string; position: number };
export const CONTACT_REQUESTS = readModel<ContactRequestDoc>(RM.contactRequests);

/** Contact requests for the managers' screen (issue: contact management builds on this). */
export const contactRequestsProjection: Projection = {
  name: 'contact-requests',
  collections: [RM.contactRequests],
  async setup(documents) {
    await documents.collection(RM.contactRequests).createIndex({ status: 1 });
  },
  on: {
    async ContactRequestSubmitted({ data, metadata, position }, { documents, changed }) {
      await CONTACT_REQUESTS.in(documents).updateOne({ _id: data.requestId }, { $set: { ...data, status: 'new', createdAt: metadata.occurredAt, position } }, { upsert: true });
      changed(RM.contactRequests, data.requestId);
    },
  },
};
