import { z } from 'zod';
import { CONNECTOR_TYPES, LIMITS } from '../shared/constants';
import { bilingualNameSchema, egyptLatLngSchema, idSchema, latLngSchema } from '../shared/common';
import { lineTextSchema, multilineTextSchema } from '../shared/text';
import { expectedRevisionSchema } from '../shared/list-query';
import { fileIdSchema } from '../files/index';
import { reasonSchema } from '../identity/index';

export { CONNECTOR_TYPES };
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];
export const CURRENT_TYPES = ['AC', 'DC'] as const;
export type CurrentType = (typeof CURRENT_TYPES)[number];
export const OCPP_VERSIONS = ['1.6', '2.0.1'] as const;
export type OcppVersion = (typeof OCPP_VERSIONS)[number];

/** OCPP connector statuses, lower-cased (1.6 names; 2.0.1 maps onto them). */
export const CONNECTOR_STATUSES = [
  'available',
  'preparing',
  'charging',
  'suspended',
  'finishing',
  'reserved',
  'unavailable',
  'faulted',
  'unknown',
] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

export const registerStationSchema = z.strictObject({
  stationId: idSchema,
  nameEn: bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax),
  nameAr: bilingualNameSchema(2, LIMITS.masterDataNameMax),
  governorateId: idSchema,
  location: egyptLatLngSchema,
  addressEn: lineTextSchema(LIMITS.addressMin, LIMITS.addressMax),
  addressAr: lineTextSchema(LIMITS.addressMin, LIMITS.addressMax),
  photoFileId: z.string().min(1).max(128).optional(),
});
export type RegisterStation = z.infer<typeof registerStationSchema>;

export const connectorSpecSchema = z.strictObject({
  /** OCPP connector id, 1-based within the charger. */
  connectorId: z.number().int().min(1).max(16),
  code: lineTextSchema(1, 20),
  type: z.enum(CONNECTOR_TYPES),
  current: z.enum(CURRENT_TYPES),
  maxPowerKw: z.number().positive().max(400),
});
export type ConnectorSpec = z.infer<typeof connectorSpecSchema>;

export const registerChargerSchema = z.strictObject({
  /** The OCPP charge point identity (the path of /ocpp/<chargerId>). */
  chargerId: z.string().regex(/^[A-Za-z0-9_-]{3,48}$/),
  stationId: idSchema,
  serialNumber: lineTextSchema(3, 48),
  model: lineTextSchema(1, 48),
  vendor: lineTextSchema(1, 48),
  ocppVersion: z.enum(OCPP_VERSIONS),
  /** sha256 hex of the secret key; the key itself is shown once and never stored in an event. */
  secretHash: z.string().regex(/^[a-f0-9]{64}$/),
  ipAddress: z.string().max(45).optional(),
  iccid: z.string().max(22).optional(),
  simNumber: z.string().max(20).optional(),
  imsi: z.string().max(15).optional(),
  comment: multilineTextSchema(0, 300).optional(),
  connectors: z.array(connectorSpecSchema).min(1).max(8),
});
export type RegisterCharger = z.infer<typeof registerChargerSchema>;

export const setPricingSchema = z.strictObject({
  /** Piastres per kWh. */
  acPricePerKwh: z.number().int().min(0).max(100_000),
  dcPricePerKwh: z.number().int().min(0).max(100_000),
  /** Piastres per session, at least. */
  minimumCharge: z.number().int().min(0).max(1_000_000),
  /** Piastres per minute of a booking. */
  bookingFeePerMinute: z.number().int().min(0).max(100_000),
  /** ISO-8601; when the prices take effect. */
  effectiveFrom: z.iso.datetime(),
});
export type SetPricing = z.infer<typeof setPricingSchema>;

// Stations and their chargers.
export const stationFormSchema = registerStationSchema.extend({ photoFileId: fileIdSchema.optional(), location: egyptLatLngSchema });
export const updateStationSchema = stationFormSchema.extend({ expectedRevision: expectedRevisionSchema });
/** A charger as staff enter it: the server generates its secret key and shows it once. */
export const addChargerSchema = registerChargerSchema.omit({ secretHash: true });
export const updateChargerSchema = addChargerSchema.omit({ stationId: true }).extend({ expectedRevision: expectedRevisionSchema });
export const chargerRefSchema = z.strictObject({
  chargerId: registerChargerSchema.shape.chargerId,
  expectedRevision: expectedRevisionSchema.optional(),
});

// Pricing: every change has a reason and an effective time.
export const setPricingWithReasonSchema = setPricingSchema.extend({ reason: reasonSchema });

// Countries and governorates: where stations are.
export const registerCountrySchema = z.strictObject({
  countryId: idSchema,
  iso: z.string().regex(/^[A-Z]{2}$/),
  nameEn: bilingualNameSchema(2, 60),
  nameAr: bilingualNameSchema(2, 60),
  phoneCode: z.string().regex(/^\+\d{1,4}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  flagFileId: z.string().min(1).max(128).optional(),
});
export type RegisterCountry = z.infer<typeof registerCountrySchema>;

export const registerGovernorateSchema = z.strictObject({
  governorateId: idSchema,
  countryId: idSchema,
  nameEn: bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax),
  nameAr: bilingualNameSchema(2, LIMITS.masterDataNameMax),
  centre: latLngSchema.optional(),
});
export type RegisterGovernorate = z.infer<typeof registerGovernorateSchema>;
export const countryFormSchema = registerCountrySchema.extend({
  /** Required by the form: "Please select an image". */
  flagFileId: fileIdSchema,
  isActive: z.boolean().default(true),
});
export const updateCountrySchema = countryFormSchema.extend({ expectedRevision: expectedRevisionSchema });
export const governorateFormSchema = registerGovernorateSchema.extend({
  isActive: z.boolean().default(true),
  centre: latLngSchema.optional(),
});
export const updateGovernorateSchema = governorateFormSchema.extend({ expectedRevision: expectedRevisionSchema });
