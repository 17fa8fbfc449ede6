import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Privilege } from '@evc/contracts/shared';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { hasPrivilege, sessionAtom } from '../../stores/auth-state';
import { pushToastAtom } from '../../stores/toast-state';
import { api, type InputOf } from '../../lib/api';
import { saveFile } from '../../lib/save-file';
import { usePagedList, type ListQueryId } from './admin-api';
import { theme } from '../../styles/theme';
import { Alert, ErrorText, Pager, Screen, Table, TableScroll, Toolbar } from './admin-ui';
import { AuditPanel } from './audit-panel';
import { FilterSelect } from './list-filters';
import { ProblemAlert, useProblemText, type ProblemContext } from './problems';

export const ADMIN_PAGE_SIZE = 20;

/** Filters of a list query as the URL and the screen hold them. */
export type ListParams = Record<string, string | number | boolean | undefined>;
const SEARCH_DEBOUNCE_MS = 300;

/** The list state every admin screen keeps in the URL (so reload and back keep it). */
export interface ListState {
  page: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q: string;
  /** The status filter's value ('true' / 'false'), or undefined for all. */
  status?: 'true' | 'false';
  selected?: string;
}

const text = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v));

/** Reads and writes the list state of the current admin route's search params. */
export function useListState() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const status = text(search.status);
  const state: ListState = {
    page: Math.max(1, Number(search.page) || 1),
    sort: text(search.sort),
    dir: search.dir === 'desc' ? 'desc' : 'asc',
    q: text(search.q) ?? '',
    status: status === 'true' || status === 'false' ? status : undefined,
    selected: text(search.selected),
  };
  /** Merges a change into the URL; a page or sort change is a history entry, typing and selecting replace it. */
  const update = (patch: Partial<ListState> & Record<string, string | number | undefined>, push = false) =>
    void navigate({
      to: '.',
      replace: !push,
      search: ((prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, ...patch };
        for (const key of Object.keys(next))
          if (next[key] === undefined || next[key] === '' || (key === 'page' && next[key] === 1)) delete next[key];
        return next;
      }) as never,
    });
  return { state, search, update };
}

export interface Column<T> {
  key: string;
  labelId: string;
  /** The view field the server sorts by; omit for columns that cannot be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
}

export interface StatusFilter {
  /** Query parameter (active, banned). */
  param: string;
  trueId: string;
  falseId: string;
}

export const ACTIVE_FILTER: StatusFilter = { param: 'active', trueId: 'admin.active', falseId: 'admin.inactive' };

/** The query of a list screen built from the URL state, plus its own filters (kind, parentId…). */
export function useAdminList<T>(options: {
  collection: string;
  /** The list query; its rows are T. */
  operation: ListQueryId;
  params?: ListParams;
  statusFilter?: StatusFilter | null;
  enabled?: boolean;
  /** The sort field while the user has chosen none (e.g. the Arabic name on Arabic pages); the server's default otherwise. */
  defaultSort?: string;
}) {
  const { state, update, search } = useListState();
  const filter = options.statusFilter === undefined ? ACTIVE_FILTER : options.statusFilter;
  const filters: ListParams = {
    q: state.q || undefined,
    sort: state.sort ?? options.defaultSort,
    dir: state.sort ? state.dir : options.defaultSort ? 'asc' : undefined,
    ...(filter && state.status ? { [filter.param]: state.status } : {}),
    ...options.params,
  };
  // every list query takes the admin list parameters (adminListQuerySchema or listQuerySchema, plus its own filters)
  const params = { ...filters, page: state.page, pageSize: ADMIN_PAGE_SIZE } as InputOf<ListQueryId>;
  const query = usePagedList(options.collection, options.operation, params, options.enabled ?? true);
  const rows = (query.data?.dataList ?? []) as T[];
  return { state, update, search, query, filters, filter, operation: options.operation, rows };
}
export type AdminListModel<T> = ReturnType<typeof useAdminList<T>>;

/** Downloads the current filters' rows as CSV: fetched with the bearer token, handed to the browser as a Blob. */
export async function downloadCsv(operation: ListQueryId, filters: ListParams, fileName: string) {
  const blob = await api.file(operation, { ...filters, format: 'csv' } as InputOf<ListQueryId>, { accept: 'text/csv' });
  saveFile(blob, fileName);
}

const SEARCH_MAX = 60;

const SearchProblem = styled.small`
  display: block;
  color: ${theme.color.danger};
`;

function SearchInput({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const intl = useIntl();
  const [q, setQ] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setQ(value), [value]);
  // a search over the limit is not cut (that would search for something else): it waits, showing the rule
  const tooLong = q.trim().length > SEARCH_MAX;
  useEffect(() => {
    if (q.trim() === value || tooLong) return undefined;
    const timer = setTimeout(() => latest.current(q.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, value, tooLong]);
  const label = intl.formatMessage({ id: 'admin.search' });
  return (
    <form role="search" onSubmit={(e) => (e.preventDefault(), !tooLong && latest.current(q.trim()))}>
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-label={label}
        placeholder={label}
        aria-invalid={tooLong || undefined}
      />
      {tooLong && (
        <SearchProblem role="alert">
          {intl.formatMessage({ id: 'validation.tooLongTyped' }, { maximum: SEARCH_MAX, count: q.trim().length })}
        </SearchProblem>
      )}
    </form>
  );
}

export interface AdminListProps<T> {
  titleId: string;
  list: AdminListModel<T>;
  columns: Column<T>[];
  rowId: (row: T) => string;
  /** Privilege for Add / Edit / Delete; without it the buttons are not shown. */
  writePrivilege?: Privilege;
  onAdd?: () => void;
  /** Label of the Add button (default "Add"). */
  addLabelId?: string;
  onEdit?: (row: T) => void;
  /** Delete the row (after the confirmation); rejects with the API error. */
  onDelete?: (row: T) => Promise<unknown>;
  /** Label of the row in the delete confirmation. */
  rowLabel?: (row: T) => string;
  /** Stream of the selected row's history (audit panel, with events.read). */
  auditStream?: (row: T) => string;
  /** File name of the CSV export; omit where the list query does not answer `format=csv` (no export button). */
  csvName?: string;
  /** Extra toolbar content (a parent selector…). */
  filters?: ReactNode;
  /** Extra toolbar buttons, after the standard ones. */
  actions?: (selected: T | null, requireSelection: () => boolean) => ReactNode;
  /** The open form or detail, shown above the table. */
  children?: ReactNode;
  /** Shown below the table for the selected row (details, tabs). */
  detail?: (row: T) => ReactNode;
  /** Hide the screen title (a list inside another screen). */
  embedded?: boolean;
}

/**
 * One admin list behaviour (docs/rules.md §2: the admin screens keep list state): server-side paging, sorting, a
 * debounced search, the status filter, row selection (click or keyboard), Add / Edit / Delete with the "select a
 * row" prompt, CSV export, and the audit panel of the selected row. Its state lives in the URL.
 */
export function AdminList<T>(props: AdminListProps<T>) {
  const { list, columns, rowId, titleId } = props;
  const intl = useIntl();
  const session = useAtomValue(sessionAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const problemText = useProblemText();
  const canWrite = props.writePrivilege ? hasPrivilege(session, props.writePrivilege) : false;
  const canAudit = hasPrivilege(session, 'events.read');
  const [prompt, setPrompt] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const { state, update, query, rows } = list;
  const selected = rows.find((r) => rowId(r) === state.selected) ?? null;
  const bodyRef = useRef<HTMLTableSectionElement>(null);

  const requireSelection = () => {
    setPrompt(!selected);
    return Boolean(selected);
  };
  const select = (row: T) => {
    setPrompt(false);
    setConfirming(false);
    setDeleteError(null);
    update({ selected: rowId(row) });
  };
  const onKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select(row);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const target = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
      (target as HTMLElement | null)?.focus();
    }
  };
  // The order in force: the user's choice, else the list's default (shown too, so clicking it turns it around).
  const sortedBy = typeof list.filters.sort === 'string' ? list.filters.sort : undefined;
  const ascending = list.filters.dir !== 'desc';
  const sortBy = (key: string) => update({ sort: key, dir: sortedBy === key && ascending ? 'desc' : 'asc', page: 1 }, true);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(list.operation, list.filters, props.csvName ?? 'export.csv');
    } catch (error) {
      pushToast({ kind: 'error', text: problemText(error) });
    } finally {
      setExporting(false);
    }
  };
  const confirmDelete = async () => {
    if (!selected || !props.onDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await props.onDelete(selected);
      pushToast({ kind: 'success', text: intl.formatMessage({ id: 'admin.deleted' }) });
      setConfirming(false);
      update({ selected: undefined });
    } catch (error) {
      setDeleteError(error);
    } finally {
      setDeleting(false);
    }
  };
  const deleteContext: ProblemContext = 'delete';

  return (
    <Screen>
      {!props.embedded && (
        <h1>
          <FormattedMessage id={titleId} />
        </h1>
      )}
      <Toolbar>
        <SearchInput value={state.q} onChange={(q) => update({ q, page: 1 })} />
        {list.filter && (
          <FilterSelect
            labelId="admin.statusFilter"
            allId="admin.all"
            value={state.status}
            options={[
              { value: 'true', label: intl.formatMessage({ id: list.filter.trueId }) },
              { value: 'false', label: intl.formatMessage({ id: list.filter.falseId }) },
            ]}
            onChange={(v) => update({ status: (v || undefined) as ListState['status'], page: 1 })}
          />
        )}
        {props.filters}
        <span className="spacer" />
        {canWrite && props.onAdd && (
          <Button type="button" onClick={() => (setPrompt(false), props.onAdd?.())}>
            <FormattedMessage id={props.addLabelId ?? 'admin.add'} />
          </Button>
        )}
        {canWrite && props.onEdit && (
          <Button type="button" variant="secondary" onClick={() => requireSelection() && selected && props.onEdit?.(selected)}>
            <FormattedMessage id="common.edit" />
          </Button>
        )}
        {canWrite && props.onDelete && (
          <Button type="button" variant="secondary" onClick={() => requireSelection() && (setDeleteError(null), setConfirming(true))}>
            <FormattedMessage id="admin.delete" />
          </Button>
        )}
        {props.actions?.(selected, requireSelection)}
        {props.csvName && (
          <Button type="button" variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>
            <FormattedMessage id="admin.exportCsv" />
          </Button>
        )}
      </Toolbar>
      {prompt && (
        <Alert role="alert">
          <FormattedMessage id="admin.selectRow" />
        </Alert>
      )}
      {confirming && selected && (
        <ConfirmDialog
          title={<FormattedMessage id="admin.confirmDelete" values={{ name: props.rowLabel?.(selected) ?? rowId(selected) }} />}
          confirm={<FormattedMessage id="admin.delete" />}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
        >
          {deleteError !== null && <ProblemAlert error={deleteError} context={deleteContext} onReload={() => void query.refetch()} />}
        </ConfirmDialog>
      )}
      {props.children}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert role="alert">
          <ErrorText error={query.error} />
        </Alert>
      ) : (
        <TableScroll>
          <Table aria-label={intl.formatMessage({ id: titleId })}>
            <thead>
              <tr>
                {columns.map((c) => {
                  const sorted = c.sortKey !== undefined && sortedBy === c.sortKey;
                  return (
                    <th key={c.key} scope="col" aria-sort={sorted ? (ascending ? 'ascending' : 'descending') : undefined}>
                      {c.sortKey ? (
                        <button type="button" className="sort" onClick={() => sortBy(c.sortKey ?? c.key)}>
                          <FormattedMessage id={c.labelId} />
                          <span aria-hidden="true">{sorted ? (ascending ? ' ▲' : ' ▼') : ''}</span>
                        </button>
                      ) : (
                        <FormattedMessage id={c.labelId} />
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody ref={bodyRef}>
              {rows.map((row) => {
                const id = rowId(row);
                return (
                  <tr
                    key={id}
                    aria-selected={id === state.selected}
                    tabIndex={0}
                    onClick={() => select(row)}
                    onKeyDown={(e) => onKey(e, row)}
                  >
                    {columns.map((c) => (
                      <td key={c.key}>{c.render(row)}</td>
                    ))}
                  </tr>
                );
              })}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length}>
                    <FormattedMessage id="admin.empty" />
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pager page={state.page} pageSize={ADMIN_PAGE_SIZE} total={query.data?.totalCount ?? 0} onPage={(page) => update({ page }, true)} />
      {selected && props.detail?.(selected)}
      {selected && canAudit && props.auditStream && <AuditPanel streamId={props.auditStream(selected)} />}
    </Screen>
  );
}

// The admin screens pick a record's English or Arabic text through the list's kit too.
export { useBilingual } from '../../hooks/use-bilingual';
// The list's companions travel with it (one lazy chunk for the admin screens' shared kit).
export { CheckField, EditorCard, useEditorMode } from './form-parts';
export { AuthorizedImage, ImageUpload, checkImage } from './image-upload';
