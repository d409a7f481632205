import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import type { Page } from '@/lib/crud';
import { SearchBox } from './SearchBox';
import { TablePagination } from './TablePagination';
import { nextSort, sortDirection, type TableState } from './use-table-state';

/** Spec §9: sticky table header, default height 300px — the least a list gets; a full-page list grows with
 * the window, so the header stays in view while the rows scroll under it. */
export const STICKY_HEADER_MAX_HEIGHT_PX = 300;
const FULL_PAGE_MAX_HEIGHT = `max(${STICKY_HEADER_MAX_HEIGHT_PX}px, calc(100vh - 260px))`;

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The API's `sort` name; the header becomes a sort button. */
  sortKey?: string;
  className?: string;
}

type RowId = number | string;

/** What DataTable reads of a TanStack list query (`resource.useList(table.params)`). */
export interface ListQuery<T> {
  data: Page<T> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface DataTableProps<T extends { id: RowId }> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  query: ListQuery<T>;
  state: TableState;
  /** Filter controls shown next to the search box; they call `state.setFilter`. */
  filters?: ReactNode;
  searchable?: boolean;
  /** Buttons of the last column (edit, remove). */
  rowActions?: (row: T) => ReactNode;
  /** Turns on row selection; renders the buttons of the bar shown while rows are selected. */
  bulkActions?: (selected: T[], clearSelection: () => void) => ReactNode;
  /** Height of the scrolling body under the sticky header; `null` lets the table grow. */
  maxHeight?: number | string | null;
  /** A row's own class (a row needing attention: `table-warning`); the selected row's highlight wins. */
  rowClassName?: (row: T) => string | undefined;
}

export function DataTable<T extends { id: RowId }>({
  label,
  columns,
  query,
  state,
  filters,
  searchable = true,
  rowActions,
  bulkActions,
  maxHeight = FULL_PAGE_MAX_HEIGHT,
  rowClassName,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const rows = query.data?.items ?? [];
  const selectable = bulkActions !== undefined;

  // Selection belongs to the rows on screen: another page, sort or filter starts with none.
  const selectionScope = JSON.stringify(state.params);
  const [selection, setSelection] = useState<{ scope: string; ids: ReadonlySet<RowId> }>({ scope: '', ids: new Set() });
  const selectedIds = selection.scope === selectionScope ? selection.ids : new Set<RowId>();
  const selectedRows = rows.filter((row) => selectedIds.has(row.id));
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;
  const select = (ids: Iterable<RowId>) => setSelection({ scope: selectionScope, ids: new Set(ids) });
  const toggle = (rowId: RowId) =>
    select(selectedIds.has(rowId) ? [...selectedIds].filter((value) => value !== rowId) : [...selectedIds, rowId]);
  const clearSelection = () => select([]);

  // Removing the last row of the last page leaves an empty page: go to the new last one.
  const total = query.data?.total ?? 0;
  const { page, perPage, setPage } = state;
  const outOfRange = query.data !== undefined && !query.isFetching && page > 1 && (page - 1) * perPage >= total;
  useEffect(() => {
    if (outOfRange) setPage(Math.max(1, Math.ceil(total / perPage)));
  }, [outOfRange, total, perPage, setPage]);

  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const scrollStyle: CSSProperties | undefined =
    maxHeight === null ? undefined : { maxHeight, overflowY: 'auto' };
  const headStyle: CSSProperties = { position: 'sticky', top: 0, zIndex: 1 };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <LoadingSpinner className="my-2" />
        </td>
      </tr>
    );
  } else if (query.isError && !query.data) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <QueryError error={query.error} onRetry={query.refetch} />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>
          <EmptyState filtered={state.isFiltered} />
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={row.id} className={selectedIds.has(row.id) ? 'table-active' : rowClassName?.(row)}>
        {selectable && (
          <td>
            <Form.Check
              aria-label={t('table.selectRow')}
              checked={selectedIds.has(row.id)}
              onChange={() => toggle(row.id)}
            />
          </td>
        )}
        {columns.map((column) => (
          <td key={column.key} className={column.className}>
            {column.cell(row)}
          </td>
        ))}
        {rowActions && <td className="text-end text-nowrap">{rowActions(row)}</td>}
      </tr>
    ));
  }

  return (
    <div>
      {(searchable || filters) && (
        <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
          {searchable && (
            <div style={{ minWidth: 220 }}>
              <SearchBox id={`${id}-search`} value={state.search} onSearch={state.setSearch} />
            </div>
          )}
          {filters}
        </div>
      )}
      {selectable && selectedRows.length > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2 p-2 bg-body-tertiary border rounded" role="region" aria-label={t('table.bulkActions')}>
          <span className="me-2">{t('table.selected', { count: selectedRows.length })}</span>
          {bulkActions(selectedRows, clearSelection)}
          <Button variant="link" size="sm" onClick={clearSelection}>
            {t('table.clearSelection')}
          </Button>
        </div>
      )}
      <div className="table-responsive border rounded" style={scrollStyle}>
        <Table hover className="mb-0 align-middle" aria-label={label} aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" style={{ ...headStyle, width: '2.5rem' }}>
                  <Form.Check
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    disabled={rows.length === 0}
                    onChange={() => select(allSelected ? [] : rows.map((row) => row.id))}
                  />
                </th>
              )}
              {columns.map((column) => {
                if (!column.sortKey) {
                  return (
                    <th key={column.key} scope="col" className={column.className} style={headStyle}>
                      {column.header}
                    </th>
                  );
                }
                const sortKey = column.sortKey;
                const direction = sortDirection(state.sort, sortKey);
                return (
                  <th key={column.key} scope="col" className={column.className} style={headStyle} aria-sort={direction}>
                    <button
                      type="button"
                      className="btn btn-link p-0 fw-semibold text-reset text-decoration-none"
                      onClick={() => state.setSort(nextSort(state.sort, sortKey))}
                    >
                      {column.header}
                      <span aria-hidden="true" className="ms-1 text-body-secondary">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className="text-end" style={headStyle}>
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </div>
      {query.data && (
        <TablePagination
          id={id}
          page={state.page}
          perPage={state.perPage}
          total={query.data.total}
          estimate={query.data.totalIsEstimate}
          onPage={state.setPage}
          onPerPage={state.setPerPage}
        />
      )}
    </div>
  );
}
