import { z } from 'zod';
import { idSchema } from './common';

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The one query shape of every admin list screen: server-side paging, sorting, search, active filter, and the same
 * list as CSV (`format=csv`, every matching row, the columns of the screen).
 */
export const adminListQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** A field of the list's view; each list says which it accepts (unknown → 400). */
  sort: z
    .string()
    .regex(/^[A-Za-z][\w.]{0,40}$/)
    .optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
  active: boolParam.optional(),
  format: z.enum(['json', 'csv']).default('json'),
  position: z.coerce.number().int().min(0).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** Every update and delete names the revision the editor saw; another edit in between → 409 concurrency.conflict. */
export const expectedRevisionSchema = z.number().int().min(0);

export const deleteItemSchema = z.strictObject({ id: idSchema, expectedRevision: expectedRevisionSchema });
