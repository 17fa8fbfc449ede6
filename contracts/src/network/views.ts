import { z } from 'zod';
import { pagingQuerySchema } from '../api';
import { CONNECTOR_STATUSES, CONNECTOR_TYPES, CURRENT_TYPES, OCPP_VERSIONS } from './schemas';

export const connectorViewSchema = z.object({
  connectorId: z.number().int(),
  code: z.string(),
  type: z.enum(CONNECTOR_TYPES),
  current: z.enum(CURRENT_TYPES),
  maxPowerKw: z.number(),
  status: z.enum(CONNECTOR_STATUSES),
});
export type ConnectorView = z.infer<typeof connectorViewSchema>;

/** Public view of a charger: no secret, no SIM data. */
export const chargerViewSchema = z.object({
  chargerId: z.string(),
  serialNumber: z.string(),
  model: z.string(),
  vendor: z.string(),
  ocppVersion: z.enum(OCPP_VERSIONS),
  online: z.boolean(),
  connectors: z.array(connectorViewSchema),
});
export type ChargerView = z.infer<typeof chargerViewSchema>;

export const stationViewSchema = z.object({
  stationId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  governorateId: z.string(),
  governorateNameEn: z.string(),
  governorateNameAr: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  addressEn: z.string(),
  addressAr: z.string(),
  photoFileId: z.string().optional(),
  numberOfChargers: z.number().int(),
  numberOutOfService: z.number().int(),
  totalConnectors: z.number().int(),
  availableConnectors: z.number().int(),
  connectorTypes: z.array(z.enum(CONNECTOR_TYPES)),
  maxPowerKw: z.number(),
  chargers: z.array(chargerViewSchema),
  /** Present on nearby results: metres from the searched point. */
  distanceM: z.number().optional(),
});
export type StationView = z.infer<typeof stationViewSchema>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const stationsQuerySchema = pagingQuerySchema.extend({
  governorateId: z.string().max(64).optional(),
  connectorType: z.enum(CONNECTOR_TYPES).optional(),
  /** Only stations with a connector of at least this power. */
  minPowerKw: z.coerce.number().min(0).max(400).optional(),
  /** Only stations with an available connector now. */
  available: boolParam.optional(),
  /** Search in names and addresses, both languages. */
  q: z.string().trim().max(60).optional(),
});
export type StationsQuery = z.infer<typeof stationsQuerySchema>;

export const nearbyStationsQuerySchema = stationsQuerySchema.extend({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  /** Search radius; default 100 km, at most 1,500 km (all of Egypt). */
  radiusKm: z.coerce.number().min(1).max(1500).default(100),
});
export type NearbyStationsQuery = z.infer<typeof nearbyStationsQuerySchema>;

export const networkStatsSchema = z.object({
  stations: z.number().int(),
  chargingPoints: z.number().int(),
  governoratesCovered: z.number().int(),
  energyDeliveredWh: z.number().int(),
  sessions: z.number().int(),
});
export type NetworkStats = z.infer<typeof networkStatsSchema>;

export const pricingViewSchema = z.object({
  acPricePerKwh: z.number().int(),
  dcPricePerKwh: z.number().int(),
  minimumCharge: z.number().int(),
  bookingFeePerMinute: z.number().int(),
  effectiveFrom: z.string(),
});
export type PricingView = z.infer<typeof pricingViewSchema>;
