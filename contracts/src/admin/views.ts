import { z } from 'zod';
import { chargerViewSchema, stationViewSchema } from '../network/views';
import { customerAccountViewSchema } from '../identity/views';
import { commandResultSchema } from '../api';
import { FIELD_MASKS } from '../events/views';

const revision = { revision: z.number().int(), updatedAt: z.string() };

export const masterDataItemViewSchema = z.object({
  itemId: z.string(),
  kind: z.enum(['carBrand', 'carType', 'batteryRange']),
  name: z.string(),
  nameTranslation: z.string(),
  value: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  /** The parent brand's Arabic name (its English name when it has none). */
  parentNameAr: z.string().nullable(),
  isActive: z.boolean(),
  /** What uses it (child types, cars, customers): it cannot be deleted or deactivated while > 0. */
  usageCount: z.number().int(),
  ...revision,
});
export type MasterDataItemView = z.infer<typeof masterDataItemViewSchema>;

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
  reported: z.object({ vendor: z.string(), model: z.string(), serialNumber: z.string().nullable(), iccid: z.string().nullable(), imsi: z.string().nullable() }).nullable(),
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
    .object({ acPricePerKwh: z.number().int(), dcPricePerKwh: z.number().int(), minimumCharge: z.number().int(), bookingFeePerMinute: z.number().int() })
    .nullable(),
  changedBy: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  changedAt: z.string(),
  reason: z.string().nullable(),
});
export type PricingChangeView = z.infer<typeof pricingChangeViewSchema>;

/** The customer's most recently registered car, named in both languages. */
export const customerCarSummarySchema = z.object({
  brandNameEn: z.string(),
  brandNameAr: z.string(),
  typeNameEn: z.string(),
  typeNameAr: z.string(),
  batteryRangeName: z.string(),
  batteryRangeNameAr: z.string(),
});

/**
 * The customer as staff see it on /admin/users (docs/rules.md §3). Age in whole years on today's Cairo day
 * (null without a birth date); `car` is the latest registered of `carCount` cars (`carType` and `batteryRange` its
 * English names, as the CSV has them); the licence images are every car's (front, back or customs certificate).
 */
export const customerAdminViewSchema = customerAccountViewSchema.extend({
  age: z.number().int().nullable(),
  car: customerCarSummarySchema.nullable(),
  carCount: z.number().int(),
  carType: z.string().nullable(),
  batteryRange: z.string().nullable(),
  licenceImageIds: z.array(z.string()),
  cardStatus: z.string().nullable(),
  lastChargeAt: z.string().nullable(),
  walletBalance: z.number().int().nullable(),
});
export type CustomerAdminView = z.infer<typeof customerAdminViewSchema>;

/** One event of an item's history, as the audit panel shows it. */
export const auditEntrySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  revision: z.number().int(),
  occurredAt: z.string(),
  actor: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  reason: z.string().nullable(),
  /**
   * Field-level changes against the state before the event. A masked field (as the event explorer masks it: secrets
   * for everyone, personal data and contact requests by privilege) says only that it changed: before and after null.
   */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown(), masked: z.enum(FIELD_MASKS).nullable() })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
