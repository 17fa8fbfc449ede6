import { z } from 'zod';
import { LIMITS } from '../shared/constants';

/** A stored file's id: 64 hex digits. */
export const fileIdSchema = z.string().regex(/^[a-f0-9]{64}$/);

// Files: uploaded as multipart/form-data (field `file`, field `purpose`); checked by magic bytes and size.
/** `profile`: a customer's picture, private like a licence (the customer and staff with customers.read). */
export const IMAGE_PURPOSES = ['flag', 'station-photo', 'licence', 'profile'] as const;
/** `firmware`: a charger firmware image, uploaded through `firmware.upload` only (never `files.upload`), private. */
export const FILE_PURPOSES = [...IMAGE_PURPOSES, 'firmware'] as const;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** What the file store keeps: the images, and opaque binaries (firmware). */
export const FILE_CONTENT_TYPES = [...ALLOWED_IMAGE_TYPES, 'application/octet-stream'] as const;
export const fileInfoSchema = z.object({
  fileId: fileIdSchema,
  checksum: z.string(),
  contentType: z.enum(FILE_CONTENT_TYPES),
  size: z.number().int().max(LIMITS.imageMaxBytes),
  purpose: z.enum(FILE_PURPOSES),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;
