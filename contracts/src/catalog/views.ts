import { z } from 'zod';

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

/** An active car brand, car type (parentId: its brand) or battery range, for the customer's car form. */
export const carOptionViewSchema = z.object({
  itemId: z.string(),
  kind: z.enum(['carBrand', 'carType', 'batteryRange']),
  name: z.string(),
  nameTranslation: z.string(),
  value: z.string(),
  parentId: z.string().nullable(),
  isActive: z.literal(true),
});
export type CarOptionView = z.infer<typeof carOptionViewSchema>;
export const carOptionsQuerySchema = z.object({
  kind: z.enum(['carBrand', 'carType', 'batteryRange']),
  parentId: z.string().max(64).optional(),
});

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
