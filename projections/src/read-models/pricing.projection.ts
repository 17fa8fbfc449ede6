import type { SetPricing } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { RM } from './collections';

const PRICE_FIELDS = ['acPricePerKwh', 'dcPricePerKwh', 'minimumCharge', 'bookingFeePerMinute'] as const;

/**
 * Every price change with who, when and why, and the prices it replaced: those in force at its effective time as
 * far as the log knew before it (only earlier events decide, so a replay computes the same). The query picks the
 * change in force.
 */
export const pricingProjection: Projection = {
  name: 'pricing',
  collections: [RM.pricing],
  handles: ['PricingSet'],
  async setup(documents) {
    await documents.collection(RM.pricing).createIndex({ effectiveFrom: -1 });
  },
  async apply(event, { documents, changed }) {
    const d = event.data as SetPricing;
    const history = documents.collection(RM.pricing);
    const before = await history.findOne({ position: { $lt: event.position }, effectiveFrom: { $lte: d.effectiveFrom } }, { sort: { effectiveFrom: -1, position: -1 } });
    const previous = before ? Object.fromEntries(PRICE_FIELDS.map((f) => [f, Number(before[f])])) : null;
    await history.updateOne(
      { _id: event.eventId },
      { $set: { ...d, previous, setBy: event.metadata.actor, reason: event.metadata.reason ?? null, recordedAt: event.metadata.occurredAt, position: event.position } },
      { upsert: true },
    );
    changed(RM.pricing, event.eventId);
  },
};
