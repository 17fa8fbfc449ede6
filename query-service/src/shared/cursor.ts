import type { Doc, Filter, SortSpec } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';

/**
 * How a list that grows while it is paged is ordered: a sort key, then a unique tiebreak (`_id`, or the log position),
 * so that "the items after this one" is one filter and items added meanwhile never shift a page.
 */
export interface Keyset {
  key: string;
  dir: 1 | -1;
  numericKey?: boolean;
  tie: string;
  tieDir: 1 | -1;
  numericTie?: boolean;
}

export const sortOf = (k: Keyset): SortSpec => ({ [k.key]: k.dir, [k.tie]: k.tieDir });

/** The cursor that asks for what follows `doc`: its sort key (empty for none) and its tiebreak. */
export function cursorAfter(k: Keyset, doc: Doc): string {
  const key = doc[k.key];
  return `${key === null || key === undefined ? '' : String(key)}~${String(doc[k.tie])}`;
}

const invalid = () =>
  new ApiException('request.invalid', 'This cursor does not belong to this list', [{ path: 'cursor', code: 'invalid_string', params: {} }]);
const isNull = (field: string): Filter => ({ $or: [{ [field]: null }, { [field]: { $exists: false } }] });

/** What comes after the cursor in this order; a missing key sorts before every value, as MongoDB sorts it. */
export function afterCursor(k: Keyset, cursor: string): Filter {
  const at = cursor.indexOf('~');
  const rawKey = cursor.slice(0, at);
  const rawTie = cursor.slice(at + 1);
  const key = rawKey === '' ? null : k.numericKey ? Number(rawKey) : rawKey;
  const tie = k.numericTie ? Number(rawTie) : rawTie;
  if (at < 0 || (typeof key === 'number' && !Number.isFinite(key)) || (typeof tie === 'number' && !Number.isFinite(tie))) throw invalid();
  const afterTie = { [k.tie]: { [k.tieDir === 1 ? '$gt' : '$lt']: tie } };
  if (key === null) {
    const sameKey = { $and: [isNull(k.key), afterTie] };
    return k.dir === 1 ? { $or: [sameKey, { [k.key]: { $exists: true, $ne: null } }] } : sameKey;
  }
  const branches: Filter[] = [{ [k.key]: { [k.dir === 1 ? '$gt' : '$lt']: key } }, { [k.key]: key, ...afterTie }];
  if (k.dir === -1) branches.push(isNull(k.key));
  return { $or: branches };
}

/**
 * One page of `find`: after the cursor when there is one (the page number is then not used), else the numbered page
 * (screens that jump to page n). Reads one item more than a page to know whether a next cursor exists.
 */
export async function keysetPage<T extends Doc>(
  k: Keyset,
  filter: Filter,
  q: { page: number; pageSize: number; cursor?: string | undefined },
  find: (filter: Filter, options: { sort: SortSpec; skip: number; limit: number }) => Promise<T[]>,
): Promise<{ docs: T[]; nextCursor: string | null }> {
  const where = q.cursor ? { $and: [filter, afterCursor(k, q.cursor)] } : filter;
  const read = await find(where, { sort: sortOf(k), skip: q.cursor ? 0 : (q.page - 1) * q.pageSize, limit: q.pageSize + 1 });
  const docs = read.slice(0, q.pageSize);
  return { docs, nextCursor: read.length > q.pageSize ? cursorAfter(k, docs.at(-1)!) : null };
}
