import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

export type MealOption = components['schemas']['MealOption'];

async function getOptions<T extends SelectOption>(path: string, query: Record<string, string | number | boolean> = {}): Promise<T[]> {
  const data = expectOk(await api.get<Page<T> | T[]>(path, { perPage: OPTION_LIST_PER_PAGE, ...query }));
  return Array.isArray(data) ? data : data.items;
}

/** Option lists the menu forms choose from, cached under the owning resource's key so its writes refresh them. */
export const institutionOptionsQuery = () =>
  queryOptions({ queryKey: ['institutions', 'options'], queryFn: () => getOptions<SelectOption>('institutions/options') });
export const dietOptionsQuery = () => queryOptions({ queryKey: ['diets', 'options'], queryFn: () => getOptions<SelectOption>('diets/options') });
export const menuOptionsQuery = () =>
  queryOptions({ queryKey: ['mealsMenus', 'options'], queryFn: () => getOptions<SelectOption>('mealsMenus/options') });
/** Every meal with its allergens: the picker filters them in the browser, so typing never waits for the network. */
export const mealOptionsQuery = () => queryOptions({ queryKey: ['meals', 'options'], queryFn: () => getOptions<MealOption>('meals/options') });

export const useInstitutionOptions = () => useQuery(institutionOptionsQuery());
export const useDietOptions = () => useQuery(dietOptionsQuery());
export const useMenuOptions = () => useQuery(menuOptionsQuery());
export const useMealOptions = (enabled = true) => useQuery({ ...mealOptionsQuery(), enabled });
