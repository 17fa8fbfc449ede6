import type { SetPricing } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

/** Every price change with who, when and why; the query picks the one in force. */
export const pricingProjection: Projection = {
  name: 'pricing',
  collections: [RM.pricing],
  handles: ['PricingSet'],
  async setup(documents) {
    await documents.collection(RM.pricing).createIndex({ effectiveFrom: -1 });
  },
  async apply(event, { documents, changed }) {
    const d = event.data as SetPricing;
    await documents.collection(RM.pricing).updateOne(
      { _id: event.eventId },
      { $set: { ...d, setBy: event.metadata.actor, reason: event.metadata.reason ?? null, recordedAt: event.metadata.occurredAt, position: event.position } },
      { upsert: true },
    );
    changed(RM.pricing, event.eventId);
  },
};
