import { z } from 'zod';

/** What every accepted command answers. Pass `position` to a query to read your own write. */
export const commandResultSchema = z.object({
  streamId: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

/** A page of a list, named as docs/rules.md §3 names it (dataList, totalCount). */
export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ dataList: z.array(item), totalCount: z.number().int() });
export interface Paged<T> {
  dataList: T[];
  totalCount: number;
}

/**
 * Where the next page of a list that grows while it is paged starts: the last item's sort key and its tiebreak,
 * `<key>~<tiebreak>`, exactly as the previous page's `nextCursor` gave it. Items added meanwhile never shift it, so
 * "load more" shows no item twice and skips none; `page` stays for screens that jump to a numbered page.
 */
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[^~]*~[^~]+$/);
/** A page of a growing list: `nextCursor` (null: nothing more) asks for the page after it. */
export const cursorPagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ dataList: z.array(item), totalCount: z.number().int(), nextCursor: z.string().nullable() });
export interface CursorPaged<T> extends Paged<T> {
  nextCursor: string | null;
}

/** Paging query parameters; page is 1-based. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** A command's position: the query waits (≤ 2 s) until the read model has caught up with it. */
  position: z.coerce.number().int().min(0).optional(),
});
