import type { CurrentType, SessionPrices, SetPricing } from '@evc/contracts';

/** The network prices in force at `now`: the latest effectiveFrom not after now (the later change on a tie). */
export function pricesInForce(changes: SetPricing[], now: Date): SetPricing | null {
  let best: SetPricing | null = null;
  for (const p of changes) {
    if (new Date(p.effectiveFrom).getTime() > now.getTime()) continue;
    if (!best || new Date(p.effectiveFrom).getTime() >= new Date(best.effectiveFrom).getTime()) best = p;
  }
  return best;
}

/** What a session on a connector of this current pays; no prices set yet: free (the network has not priced it). */
export function sessionPrices(pricing: SetPricing | null, current: CurrentType): SessionPrices {
  if (!pricing) return { pricePerKwh: 0, minimumCharge: 0, current };
  return { pricePerKwh: current === 'DC' ? pricing.dcPricePerKwh : pricing.acPricePerKwh, minimumCharge: pricing.minimumCharge, current };
}
