import { z } from 'zod';

/** A stored file's id: 64 hex digits. */
export const fileIdSchema = z.string().regex(/^[a-f0-9]{64}$/);

// Files: uploaded as multipart/form-data (field `file`, field `purpose`); checked by magic bytes and size.
/** `profile`: a customer's picture, private like a licence (the customer and staff with customers.read). */
export const IMAGE_PURPOSES = ['flag', 'station-photo', 'licence', 'profile'] as const;
/**
 * Besides the images: `diagnostics`, a charger's uploaded log (through its one-time upload URL only), and `firmware`,
 * a charger firmware image (through `firmware.upload` only); never through `files.upload`, both private.
 */
export const FILE_PURPOSES = [...IMAGE_PURPOSES, 'diagnostics', 'firmware'] as const;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Files that are not images (diagnostics, firmware): kept as sent, served only as downloads. */
export const OTHER_FILE_TYPES = ['application/octet-stream'] as const;
/** What the file store keeps: the images, and opaque binaries. */
export const FILE_CONTENT_TYPES = [...ALLOWED_IMAGE_TYPES, ...OTHER_FILE_TYPES] as const;
export const fileInfoSchema = z.object({
  fileId: fileIdSchema,
  checksum: z.string(),
  contentType: z.enum(FILE_CONTENT_TYPES),
  size: z.number().int().min(0),
  purpose: z.enum(FILE_PURPOSES),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;
