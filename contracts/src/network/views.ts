import { z } from 'zod';
import { commandResultSchema, pagingQuerySchema } from '../shared/api';
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

const revision = { revision: z.number().int(), updatedAt: z.string() };

/** The public charger view plus what only staff see. */
export const chargerAdminViewSchema = chargerViewSchema.extend({
  ipAddress: z.string().nullable(),
  iccid: z.string().nullable(),
  simNumber: z.string().nullable(),
  imsi: z.string().nullable(),
  comment: z.string().nullable(),
  status: z.string(),
  /** 3 = marked deleted (kept in history, hidden from lists). */
  modelState: z.number().int(),
  revision: z.number().int(),
  /** What the charger reported at its last boot, and when it was last heard from (OCPP). */
  firmwareVersion: z.string().nullable(),
  reported: z
    .object({
      vendor: z.string(),
      model: z.string(),
      serialNumber: z.string().nullable(),
      iccid: z.string().nullable(),
      imsi: z.string().nullable(),
    })
    .nullable(),
  lastBootAt: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastConnectedAt: z.string().nullable(),
  lastDisconnectedAt: z.string().nullable(),
});
export type ChargerAdminView = z.infer<typeof chargerAdminViewSchema>;

/** The public station view's identity and place, with staff charger views and the editing revision. */
export const stationAdminViewSchema = stationViewSchema
  .pick({
    stationId: true,
    nameEn: true,
    nameAr: true,
    governorateId: true,
    governorateNameEn: true,
    governorateNameAr: true,
    location: true,
    addressEn: true,
    addressAr: true,
    numberOfChargers: true,
    numberOutOfService: true,
  })
  .extend({
    photoFileId: z.string().nullable(),
    chargers: z.array(chargerAdminViewSchema),
    ...revision,
  });
export type StationAdminView = z.infer<typeof stationAdminViewSchema>;

/** Answer of chargers.add and chargers.rotate-secret: the only time the secret key is shown. */
export const chargerSecretResultSchema = commandResultSchema.extend({ chargerId: z.string(), secretKey: z.string() });

export const pricingChangeViewSchema = z.object({
  changeId: z.string(),
  acPricePerKwh: z.number().int(),
  dcPricePerKwh: z.number().int(),
  minimumCharge: z.number().int(),
  bookingFeePerMinute: z.number().int(),
  effectiveFrom: z.string(),
  previous: z
    .object({
      acPricePerKwh: z.number().int(),
      dcPricePerKwh: z.number().int(),
      minimumCharge: z.number().int(),
      bookingFeePerMinute: z.number().int(),
    })
    .nullable(),
  changedBy: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  changedAt: z.string(),
  reason: z.string().nullable(),
});
export type PricingChangeView = z.infer<typeof pricingChangeViewSchema>;

// Countries and governorates.
export const governorateViewSchema = z.object({
  governorateId: z.string(),
  countryId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  isActive: z.boolean(),
  centre: z.object({ lat: z.number(), lng: z.number() }).optional(),
  stationCount: z.number().int(),
});
export type GovernorateView = z.infer<typeof governorateViewSchema>;

export const countryViewSchema = z.object({
  countryId: z.string(),
  iso: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  phoneCode: z.string(),
  currency: z.string(),
  flagFileId: z.string().nullable(),
  isActive: z.boolean(),
  governorateCount: z.number().int(),
  ...revision,
});
export type CountryView = z.infer<typeof countryViewSchema>;

export const governorateAdminViewSchema = z.object({
  governorateId: z.string(),
  countryId: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  isActive: z.boolean(),
  stationCount: z.number().int(),
  ...revision,
});
export type GovernorateAdminView = z.infer<typeof governorateAdminViewSchema>;
