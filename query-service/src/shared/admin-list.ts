import type { AdminListQuery, Paged } from '@evc/contracts';
import type { Collection, Doc, Filter, SortSpec } from '@evc/platform';
import { ApiException } from '@evc/platform/http/api-exception';
import { toCsv, type CsvColumn } from './csv';

/** Most rows one CSV export carries (every matching row up to this). */
export const CSV_MAX_ROWS = 200_000;

export interface AdminList<D extends Doc, V> {
  collection: Collection<D>;
  /** Sort fields the screen offers → the read-model field ('-field': the other way round); anything else is a 400. */
  sortable: Record<string, string>;
  defaultSort: SortSpec;
  /** Filters of the screen beyond q and active. */
  filter?: Filter;
  /** Field of the active filter; absent: the list has none. */
  activeField?: string;
  /** The one place a document of this read model becomes the screen's row. */
  toView(doc: D): V;
  columns: CsvColumn<V>[];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function listFilter(q: Pick<AdminListQuery, 'q' | 'active'>, base: Filter = {}, activeField?: string): Filter {
  const filter: Filter = { ...base };
  // searchText holds both languages' names (and the list's other searchable text), lower-cased.
  if (q.q) filter.searchText = { $regex: escapeRegex(q.q.toLowerCase()) };
  if (q.active !== undefined && activeField) filter[activeField] = q.active;
  return filter;
}

export function sortOf(q: Pick<AdminListQuery, 'sort' | 'dir'>, sortable: Record<string, string>, defaultSort: SortSpec): SortSpec {
  if (!q.sort) return defaultSort;
  const field = Object.hasOwn(sortable, q.sort) ? sortable[q.sort] : undefined;
  if (!field) {
    throw new ApiException('request.invalid', `Cannot sort by ${q.sort}`, [
      { path: 'sort', code: 'invalid_value', params: { expected: Object.keys(sortable).join(',') } },
    ]);
  }
  // A leading '-' sorts the field the other way (age ascending = birth date descending). A unique tie-breaker keeps
  // pages stable.
  const reversed = field.startsWith('-');
  const descending = (q.dir === 'desc') !== reversed;
  return { [reversed ? field.slice(1) : field]: descending ? -1 : 1, _id: 1 };
}

export type ListAnswer<V> = { kind: 'page'; page: Paged<V> } | { kind: 'csv'; csv: string };

/** One page of a list, or (format=csv) every matching row as CSV in the same order. */
export async function runAdminList<D extends Doc, V>(list: AdminList<D, V>, q: AdminListQuery): Promise<ListAnswer<V>> {
  const filter = listFilter(q, list.filter, list.activeField);
  const sort = sortOf(q, list.sortable, list.defaultSort);
  if (q.format === 'csv') {
    const docs = await list.collection.find(filter, { sort, limit: CSV_MAX_ROWS }).toArray();
    return { kind: 'csv', csv: toCsv(list.columns, docs.map(list.toView)) };
  }
  const [docs, totalCount] = await Promise.all([
    list.collection.find(filter, { sort, skip: (q.page - 1) * q.pageSize, limit: q.pageSize }).toArray(),
    list.collection.countDocuments(filter),
  ]);
  return { kind: 'page', page: { dataList: docs.map(list.toView), totalCount } };
}
