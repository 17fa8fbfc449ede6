import type { RegisterCharger, RegisterStation, SetPricing } from './schemas';

export type StationRegistered = { type: 'StationRegistered'; data: RegisterStation };
export type ChargerRegistered = { type: 'ChargerRegistered'; data: RegisterCharger };
export type PricingSet = { type: 'PricingSet'; data: SetPricing };

export type NetworkEvent = StationRegistered | ChargerRegistered | PricingSet;

export const networkStreams = {
  station: (id: string) => `station-${id}`,
  charger: (id: string) => `charger-${id}`,
  /** Reserves a serial number network-wide, so "Charger already exists" holds for serials too. */
  chargerSerial: (serial: string) => `charger-serial-${serial.toLowerCase()}`,
  pricing: () => 'pricing-network',
};
