import { z } from 'zod';

/** A stored file's id: 64 hex digits. */
export const fileIdSchema = z.string().regex(/^[a-f0-9]{64}$/);

// Files: uploaded as multipart/form-data (field `file`, field `purpose`); checked by magic bytes and size.
/** `profile`: a customer's picture, private like a licence (the customer and staff with customers.read). */
export const FILE_PURPOSES = ['flag', 'station-photo', 'licence', 'profile', 'diagnostics'] as const;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Files that are not images (a charger's diagnostics): kept as sent, served only as downloads. */
export const OTHER_FILE_TYPES = ['application/octet-stream'] as const;
export const fileInfoSchema = z.object({
  fileId: fileIdSchema,
  checksum: z.string(),
  contentType: z.enum([...ALLOWED_IMAGE_TYPES, ...OTHER_FILE_TYPES]),
  size: z.number().int().min(0),
  purpose: z.enum(FILE_PURPOSES),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;
