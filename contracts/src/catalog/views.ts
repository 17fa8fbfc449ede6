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
