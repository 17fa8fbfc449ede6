import { z } from 'zod';
import { LIMITS } from '../shared/constants';
import { bilingualNameSchema, idSchema } from '../shared/common';
import { lineTextSchema } from '../shared/text';
import { expectedRevisionSchema } from '../shared/list-query';

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
