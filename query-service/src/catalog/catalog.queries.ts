import type { CarOptionView, GovernorateView, NetworkStats, Paged, PricingView, carOptionsQuerySchema } from '@evc/contracts';
import type { z } from 'zod';
import type { DocumentStore } from '@evc/platform';
import { RM } from '@evc/projections';

/** Public reference data and figures: governorates, the car form's options, network statistics, prices in force. */
export class CatalogQueries {
  constructor(private readonly documents: DocumentStore) {}

  async governorates(): Promise<Paged<GovernorateView>> {
    const [govs, counts] = await Promise.all([
      this.documents.collection(RM.governorates).find({ isActive: true }, { sort: { nameEn: 1 } }).toArray(),
      this.documents.collection(RM.stations).aggregate<{ _id: string; n: number }>([{ $group: { _id: '$governorateId', n: { $sum: 1 } } }]).toArray(),
    ]);
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    const dataList = govs.map((g) => ({
      governorateId: String(g.governorateId),
      countryId: String(g.countryId),
      nameEn: String(g.nameEn),
      nameAr: String(g.nameAr),
      isActive: true,
      ...(g.centre ? { centre: g.centre as { lat: number; lng: number } } : {}),
      stationCount: countOf.get(String(g.governorateId)) ?? 0,
    }));
    return { dataList, totalCount: dataList.length };
  }

  /** Active master data of one kind for the customer's car form (no usage counts, nothing inactive). */
  async carOptions({ kind, parentId }: z.output<typeof carOptionsQuerySchema>): Promise<Paged<CarOptionView>> {
    const filter: Record<string, unknown> = { kind, isActive: true, ...(kind === 'carType' && parentId ? { parentId } : {}) };
    const items = await this.documents.collection(RM.masterData).find(filter, { sort: { name: 1 } }).toArray();
    const dataList = items.map((i) => ({
      itemId: String(i.itemId),
      kind,
      name: String(i.name),
      nameTranslation: String(i.nameTranslation),
      value: String(i.value ?? ''),
      parentId: i.parentId ? String(i.parentId) : null,
      isActive: true as const,
    }));
    return { dataList, totalCount: dataList.length };
  }

  async stats(): Promise<NetworkStats> {
    const stations = this.documents.collection(RM.stations);
    const [totals, sessions] = await Promise.all([
      stations
        .aggregate<{ stations: number; points: number; governorates: string[] }>([
          { $group: { _id: null, stations: { $sum: 1 }, points: { $sum: '$totalConnectors' }, governorates: { $addToSet: '$governorateId' } } },
        ])
        .toArray(),
      this.documents
        .collection(RM.sessions)
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
    const current = await this.documents.collection(RM.pricing).findOne({ effectiveFrom: { $lte: now.toISOString() } }, { sort: { effectiveFrom: -1, position: -1 } });
    if (!current) return null;
    return {
      acPricePerKwh: Number(current.acPricePerKwh),
      dcPricePerKwh: Number(current.dcPricePerKwh),
      minimumCharge: Number(current.minimumCharge),
      bookingFeePerMinute: Number(current.bookingFeePerMinute),
      effectiveFrom: String(current.effectiveFrom),
    };
  }
}
