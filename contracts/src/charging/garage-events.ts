/**
 * `garage-<customerId>`: the cars on one customer's list by what they are (brand, type, battery range), so the same
 * car is never on the list twice. A licence plate is not in the data: two cars of the same brand, type and battery
 * range would be indistinguishable in every list and selector.
 */
export const garageStream = (customerId: string) => `garage-${customerId}`;

export interface GarageCar {
  brandId: string;
  typeId: string;
  batteryRangeId: string;
}
export type CarListed = { type: 'CarListed'; data: GarageCar & { customerId: string; carId: string } };
export type CarDelisted = { type: 'CarDelisted'; data: { customerId: string; carId: string } };
export type GarageEvent = CarListed | CarDelisted;
