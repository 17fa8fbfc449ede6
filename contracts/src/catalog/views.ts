import { z } from 'zod';

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
