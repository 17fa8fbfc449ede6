import { z } from 'zod';
import { bilingualNameSchema, egyptLatLngSchema, idSchema, latLngSchema } from '../common';
import { LIMITS } from '../constants';
import { lineTextSchema } from '../text';
import { createMasterDataItemSchema, registerCountrySchema, registerGovernorateSchema } from '../catalog/schemas';
import { registerChargerSchema, registerStationSchema, setPricingSchema } from '../network/schemas';
import { reasonSchema } from '../identity/schemas';
import { expectedRevisionSchema } from './list-query';

const name = bilingualNameSchema(LIMITS.masterDataNameMin, LIMITS.masterDataNameMax);
const fileIdSchema = z.string().regex(/^[a-f0-9]{64}$/);

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
export const deleteItemSchema = z.strictObject({ id: idSchema, expectedRevision: expectedRevisionSchema });
export { createMasterDataItemSchema };

// Countries and governorates.
export const countryFormSchema = registerCountrySchema.extend({
  /** Required by the form: "Please select an image". */
  flagFileId: fileIdSchema,
  isActive: z.boolean().default(true),
});
export const updateCountrySchema = countryFormSchema.extend({ expectedRevision: expectedRevisionSchema });
export const governorateFormSchema = registerGovernorateSchema.extend({ isActive: z.boolean().default(true), centre: latLngSchema.optional() });
export const updateGovernorateSchema = governorateFormSchema.extend({ expectedRevision: expectedRevisionSchema });

// Stations and their chargers.
export const stationFormSchema = registerStationSchema.extend({ photoFileId: fileIdSchema.optional(), location: egyptLatLngSchema });
export const updateStationSchema = stationFormSchema.extend({ expectedRevision: expectedRevisionSchema });
/** A charger as staff enter it: the server generates its secret key and shows it once. */
export const addChargerSchema = registerChargerSchema.omit({ secretHash: true });
export const updateChargerSchema = addChargerSchema.omit({ stationId: true }).extend({ expectedRevision: expectedRevisionSchema });
export const chargerRefSchema = z.strictObject({ chargerId: registerChargerSchema.shape.chargerId, expectedRevision: expectedRevisionSchema.optional() });

// Pricing: every change has a reason and an effective time.
export const setPricingWithReasonSchema = setPricingSchema.extend({ reason: reasonSchema });

// Files: uploaded as multipart/form-data (field `file`, field `purpose`); checked by magic bytes and size.
/** `profile`: a customer's picture, private like a licence (the customer and staff with customers.read). */
export const FILE_PURPOSES = ['flag', 'station-photo', 'licence', 'profile'] as const;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const fileInfoSchema = z.object({
  fileId: fileIdSchema,
  checksum: z.string(),
  contentType: z.enum(ALLOWED_IMAGE_TYPES),
  size: z.number().int().max(LIMITS.imageMaxBytes),
  purpose: z.enum(FILE_PURPOSES),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

export const auditQuerySchema = z.object({
  /** A stream of the network or catalog contexts, e.g. station-cai-zamalek, charger-EVC-001-AC1, masterdata-brand-byd. */
  streamId: z.string().regex(/^[a-z][a-z-]*-[\w.:-]{1,100}$/),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const banReasonSchema = reasonSchema;
