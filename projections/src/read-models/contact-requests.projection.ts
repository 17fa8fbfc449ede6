import type { SubmitContactRequest } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

/** Contact requests for the managers' screen (issue: contact management builds on this). */
export const contactRequestsProjection: Projection = {
  name: 'contact-requests',
  collections: [RM.contactRequests],
  handles: ['ContactRequestSubmitted'],
  async setup(documents) {
    await documents.collection(RM.contactRequests).createIndex({ status: 1 });
  },
  async apply(event, { documents, changed }) {
    const d = event.data as SubmitContactRequest;
    await documents.collection(RM.contactRequests).updateOne(
      { _id: d.requestId },
      { $set: { ...d, status: 'new', createdAt: event.metadata.occurredAt, position: event.position } },
      { upsert: true },
    );
    changed(RM.contactRequests, d.requestId);
  },
};
