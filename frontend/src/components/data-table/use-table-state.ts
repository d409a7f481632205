import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '@/lib/crud';

export const PER_PAGE_OPTIONS = [20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 20;

export interface TableStateOptions {
  /** Query-string names of the list's filters, sent to the API as they are (`group=3`). */
  filters?: readonly string[];
  /** The server's order when the URL names none, e.g. 'number'; only shown, never sent. */
  defaultSort?: string;
}

type Changes = Readonly<Record<string, string | number | null>>;

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * A list's page, page size, sort, search and filters, kept in the URL query string so that reload,
 * back and forward and shared links show the same rows. One URL-bound table per page.
 */
export function useTableState({ filters: filterNames = [], defaultSort = '' }: TableStateOptions = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const filterKey = filterNames.join(',');

  const state = useMemo(() => {
    const read = new URLSearchParams(query);
    const perPageValue = positiveInt(read.get('perPage'), DEFAULT_PER_PAGE);
    const perPage = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageValue) ? perPageValue : DEFAULT_PER_PAGE;
    const names = filterKey ? filterKey.split(',') : [];
    const filters = Object.fromEntries(names.map((name) => [name, read.get(name) ?? ''])) as Record<string, string>;
    const search = read.get('search') ?? '';
    const sort = read.get('sort') ?? '';
    const page = positiveInt(read.get('page'), 1);
    const params: ListParams = {
      page,
      perPage,
      ...(sort ? { sort } : {}),
      ...(search ? { search } : {}),
      ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
    };
    return {
      page,
      perPage,
      sort: sort || defaultSort,
      search,
      filters,
      params,
      isFiltered: search !== '' || Object.values(filters).some((value) => value !== ''),
    };
    // The filter names' contents, not the array's identity, decide (pages pass a literal list).
  }, [query, defaultSort, filterKey]);

  /** Any change but paging starts again at page 1: the old page number means nothing for new rows. */
  const update = useCallback(
    (changes: Changes, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
          for (const [name, value] of Object.entries(changes)) {
            const isDefault =
              value === null ||
              value === '' ||
              (name === 'page' && value === 1) ||
              (name === 'perPage' && value === DEFAULT_PER_PAGE) ||
              (name === 'sort' && value === defaultSort);
            if (isDefault) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, defaultSort],
  );

  return {
    ...state,
    setPage: useCallback((page: number) => update({ page }), [update]),
    setPerPage: useCallback((perPage: number) => update({ perPage }), [update]),
    setSort: useCallback((sort: string) => update({ sort }), [update]),
    /** Typing replaces the history entry instead of adding one per debounce. */
    setSearch: useCallback((search: string) => update({ search }, { replace: true }), [update]),
    setFilter: useCallback((name: string, value: string | number | null) => update({ [name]: value }), [update]),
  };
}

export type TableState = ReturnType<typeof useTableState>;

/** Clicking a header sorts by it ascending; clicking again flips the direction. */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}

export function sortDirection(current: string, key: string): 'ascending' | 'descending' | 'none' {
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
}
