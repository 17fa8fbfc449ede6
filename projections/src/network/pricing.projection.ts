import type { Actor, SetPricing } from '@evc/contracts';
import type { Projection } from '../runner/projection';
import { readModel } from '../shared/read-model';
import { READ_MODELS } from '../shared/read-models';

type Prices = Omit<SetPricing, 'effectiveFrom'>;
/** One price change (`_id` = its event id), with the prices in force before it. */
export type PricingDoc = SetPricing & {
  _id: string;
  previous: Prices | null;
  setBy: Actor;
  reason: string | null;
  recordedAt: string;
  position: number;
};
export const PRICING_HISTORY = readModel<PricingDoc>(READ_MODELS.pricing);

const pricesOf = (p: Prices): Prices => ({
  acPricePerKwh: p.acPricePerKwh,
  dcPricePerKwh: p.dcPricePerKwh,
  minimumCharge: p.minimumCharge,
  bookingFeePerMinute: p.bookingFeePerMinute,
});

/**
 * Every price change with who, when and why, and the prices it replaced: those in force at its effective time as
 * far as the log knew before it (only earlier events decide, so a replay computes the same). The query picks the
 * change in force.
 */
export const pricingProjection: Projection = {
  name: 'pricing',
  collections: [READ_MODELS.pricing],
  async setup(documents) {
    await documents.collection(READ_MODELS.pricing).createIndex({ effectiveFrom: -1 });
  },
  on: {
    async PricingSet({ data, eventId, metadata, position }, { documents, changed }) {
      const history = PRICING_HISTORY.in(documents);
      const before = await history.findOne(
        { position: { $lt: position }, effectiveFrom: { $lte: data.effectiveFrom } },
        { sort: { effectiveFrom: -1, position: -1 } },
      );
      await history.updateOne(
        { _id: eventId },
        {
          $set: {
            ...data,
            previous: before ? pricesOf(before) : null,
            setBy: metadata.actor,
            reason: metadata.reason ?? null,
            recordedAt: metadata.occurredAt,
            position,
          },
        },
        { upsert: true },
      );
      changed(READ_MODELS.pricing, eventId);
    },
  },
};
