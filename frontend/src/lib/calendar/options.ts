import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

async function getOptions(path: string, query: Record<string, string | number> = {}): Promise<SelectOption[]> {
  const data = expectOk(await api.get<Page<SelectOption> | SelectOption[]>(path, { perPage: OPTION_LIST_PER_PAGE, ...query }));
  return Array.isArray(data) ? data : data.items;
}

/** Option lists the staff calendar screens filter by (institution, classroom, children group, meal type). */
export const staffOptionsQuery = (path: string, query: Record<string, string | number> = {}) =>
  queryOptions({ queryKey: ['calendar', 'options', path, query], queryFn: () => getOptions(path, query) });

export const useStaffOptions = (path: string, query: Record<string, string | number> = {}, enabled = true) =>
  useQuery({ ...staffOptionsQuery(path, query), enabled });

export const OPTION_PATHS = {
  institutions: 'institutions/options',
  classrooms: 'classrooms/options',
  childrenGroups: 'children-groups/options',
  mealTypes: 'mealTypes/options',
} as const;
