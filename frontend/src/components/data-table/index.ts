export { DataTable, STICKY_HEADER_MAX_HEIGHT_PX, type Column, type DataTableProps, type ListQuery } from './DataTable';
export { FilterDate } from './FilterDate';
export { FilterSelect } from './FilterSelect';
export { SEARCH_DEBOUNCE_MS } from './SearchBox';
export { useTableState, PER_PAGE_OPTIONS, DEFAULT_PER_PAGE, type TableState, type TableStateOptions } from './use-table-state';
