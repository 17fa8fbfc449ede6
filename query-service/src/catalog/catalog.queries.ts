import type { CarOptionView, NetworkStats, Paged, PricingView, carOptionsQuerySchema } from '@evc/contracts';
import type { z } from 'zod';
import type { DocumentStore } from '@evc/platform';
import { MASTER_DATA, PRICING_HISTORY, SESSIONS, STATIONS } from '@evc/projections';

/** Public reference data and figures: the car form's options, network statistics, prices in force. */
export class CatalogQueries {
  constructor(private readonly documents: DocumentStore) {}

  /** Active master data of one kind for the customer's car form (no usage counts, nothing inactive). */
  async carOptions({ kind, parentId }: z.output<typeof carOptionsQuerySchema>): Promise<Paged<CarOptionView>> {
    const filter = { kind, isActive: true, ...(kind === 'carType' && parentId ? { parentId } : {}) };
    const items = await MASTER_DATA.in(this.documents)
      .find(filter, { sort: { name: 1 } })
      .toArray();
    const dataList = items.map((i) => ({
      itemId: i.itemId,
      kind,
      name: i.name,
      nameTranslation: i.nameTranslation,
      value: i.value ?? '',
      parentId: i.parentId || null,
      isActive: true as const,
    }));
    return { dataList, totalCount: dataList.length };
  }

  async stats(): Promise<NetworkStats> {
    const stations = STATIONS.in(this.documents);
    const [totals, sessions] = await Promise.all([
      stations
        .aggregate<{
          stations: number;
          points: number;
          governorates: string[];
        }>([
          {
            $group: {
              _id: null,
              stations: { $sum: 1 },
              points: { $sum: '$totalConnectors' },
              governorates: { $addToSet: '$governorateId' },
            },
          },
        ])
        .toArray(),
      SESSIONS.in(this.documents)
        .aggregate<{ n: number; wh: number }>([{ $group: { _id: null, n: { $sum: 1 }, wh: { $sum: '$energyWh' } } }])
        .toArray(),
    ]);
    const t = totals[0];
    const s = sessions[0];
    return {
      stations: t?.stations ?? 0,
      chargingPoints: t?.points ?? 0,
      governoratesCovered: t?.governorates.length ?? 0,
      energyDeliveredWh: s?.wh ?? 0,
      sessions: s?.n ?? 0,
    };
  }

  /** The prices in force now, or null before any are set. */
  async pricing(now = new Date()): Promise<PricingView | null> {
    const current = await PRICING_HISTORY.in(this.documents).findOne(
      { effectiveFrom: { $lte: now.toISOString() } },
      { sort: { effectiveFrom: -1, position: -1 } },
    );
    if (!current) return null;
    return {
      acPricePerKwh: current.acPricePerKwh,
      dcPricePerKwh: current.dcPricePerKwh,
      minimumCharge: current.minimumCharge,
      bookingFeePerMinute: current.bookingFeePerMinute,
      effectiveFrom: current.effectiveFrom,
    };
  }
}
