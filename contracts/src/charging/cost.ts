/** Prices a session carries (piastres), fixed when it started. */
export interface CostPrices {
  pricePerKwh: number;
  minimumCharge: number;
}

/** Piastres for the energy alone: round(energyWh × pricePerKwh / 1000), half up, in integer arithmetic. */
export function energyCost(energyWh: number, pricePerKwh: number): number {
  return Math.floor((Math.max(0, energyWh) * pricePerKwh + 500) / 1000);
}

/**
 * What a session costs (docs/rules.md §9): max(minimum charge, energy cost). The one formula the session decider bills, the
 * sessions read model shows while charging, and anything else that quotes a cost uses.
 */
export const sessionCost = (energyWh: number, prices: CostPrices): number =>
  Math.max(prices.minimumCharge, energyCost(energyWh, prices.pricePerKwh));
