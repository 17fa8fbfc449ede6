import { z } from 'zod';
import { LIMITS } from '../shared/constants';
import { bilingualNameSchema, idSchema, latLngSchema } from '../shared/common';
import { lineTextSchema } from '../shared/text';
import { expectedRevisionSchema } from '../shared/list-query';
import { fileIdSchema } from '../files/index';

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

export const MASTER_DATA_KINDS = ['carBrand', 'carType', 'batteryRange'] as const;
export type MasterDataKind = (typeof MASTER_DATA_KINDS)[number];

export const createMasterDataItemSchema = z.strictObject({
  itemId: idSchema,
  kind: z.enum(MASTER_DATA_KINDS),
  name: bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax),
  nameTranslation: bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax),
  value: lineTextSchema(0, 60).default(''),
  /** Car types belong to a car brand. */
  parentId: idSchema.optional(),
  isActive: z.boolean().default(true),
});
export type CreateMasterDataItem = z.infer<typeof createMasterDataItemSchema>;

const name = bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax);
// Master data: car brands, car types (child of a brand), battery ranges.
export const updateMasterDataItemSchema = z.strictObject({
  itemId: idSchema,
  name,
  nameTranslation: name,
  value: lineTextSchema(0, 60).default(''),
  parentId: idSchema.optional(),
  isActive: z.boolean(),
  expectedRevision: expectedRevisionSchema,
});
// Countries and governorates.
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
