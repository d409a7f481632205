import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

type InstitutionOption = components['schemas']['InstitutionOption'];

/**
 * `institutions/options` with deactivated institutions too (`showAll`): a diet may still be offered at an
 * institution that is paused, and the form must show that choice rather than silently drop it.
 */
export async function getInstitutionOptions(): Promise<SelectOption[]> {
  const data = expectOk(
    await api.get<Page<InstitutionOption>>('institutions/options', { perPage: OPTION_LIST_PER_PAGE, showAll: true }),
  );
  return data.items.map((institution) => ({ value: institution.value, text: institution.text }));
}

export const institutionOptionsQuery = () =>
  queryOptions({ queryKey: ['institutions', 'options', { showAll: true }], queryFn: getInstitutionOptions });

export const useInstitutionOptions = () => useQuery(institutionOptionsQuery());
