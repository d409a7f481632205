import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, expectOk } from '@/api/client';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

export type MealType = components['schemas']['MealType'];
export type Diet = components['schemas']['Diet'];
export type PortionSize = components['schemas']['PortionSize'];

/** What the items grid is built from: every meal type (with its portion sizes), diet and portion size. */
export interface Catalogue {
  mealTypes: MealType[];
  diets: Diet[];
  portionSizes: PortionSize[];
}

const everything = async <T,>(path: string): Promise<T[]> =>
  expectOk(await api.get<Page<T>>(path, { perPage: OPTION_LIST_PER_PAGE })).items;

export const catalogueQuery = () =>
  queryOptions({
    // Under the catalogue areas' own keys, so their edits refresh the grid.
    queryKey: ['mealTypes', 'priceListsCatalogue'],
    queryFn: async (): Promise<Catalogue> => {
      const [mealTypes, diets, portionSizes] = await Promise.all([
        everything<MealType>('mealTypes'),
        everything<Diet>('diets'),
        everything<PortionSize>('portionSizes'),
      ]);
      return { mealTypes, diets, portionSizes };
    },
  });

export const useCatalogue = () => useQuery(catalogueQuery());
