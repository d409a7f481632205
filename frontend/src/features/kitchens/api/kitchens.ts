import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

export type Kitchen = components['schemas']['Kitchen'];
export type KitchenRequest = components['schemas']['KitchenRequest'];
export type KitchenAssignment = components['schemas']['KitchenInstitutionMealType'];
export type KitchenIngredient = components['schemas']['KitchenIngredient'];

/**
 * `kitchens`: list (`isActive`, `institutionId`, `search` on name and address, `sort` on name/city/isActive),
 * get, create, update (PUT with `institutionsMealTypes` replaces the matrix), delete (the matrix goes with it)
 * and options. Writes also change `kitchensInstitutionsMealTypes`.
 */
export const kitchens = createCrudResource<Kitchen, KitchenRequest>({
  key: 'kitchens',
  path: 'kitchens',
  invalidates: ['kitchensInstitutionsMealTypes'],
});

// Option lists of the catalogue the matrix is made of, under their resources' own cache keys so that a change
// made on their screens refreshes them here too.
type Catalogue = { id: number };
/** `institutions/options`: active institutions only (a kitchen is not newly assigned to a closed one). */
export const institutionOptions = createCrudResource<Catalogue, never>({ key: 'institutions', path: 'institutions' });
export const mealTypeOptions = createCrudResource<Catalogue, never>({ key: 'mealTypes', path: 'mealTypes' });
export const portionSizeOptions = createCrudResource<Catalogue, never>({ key: 'portionSizes', path: 'portionSizes' });

/** `kitchensInstitutionsMealTypes/all`: who prepares what for whom, so the form can grey out what is taken. */
export const allAssignmentsQuery = () =>
  queryOptions({
    queryKey: ['kitchensInstitutionsMealTypes', 'all'] as const,
    queryFn: async (): Promise<KitchenAssignment[]> =>
      expectOk(await api.get<Page<KitchenAssignment>>('kitchensInstitutionsMealTypes/all', { perPage: OPTION_LIST_PER_PAGE }))
        .items,
  });

export const useAllAssignments = () => useQuery(allAssignmentsQuery());

export interface KitchenIngredientsParams {
  kitchenId: number;
  dateFrom: string;
  dateTo: string;
  /** Omitted: the default portion size. */
  portionSizeId?: number | null;
}

/** `kitchens/ingredients`: the ingredients of the meals on the kitchen's menus in a range (per one portion). */
export const kitchenIngredientsQuery = (params: KitchenIngredientsParams) =>
  queryOptions({
    queryKey: ['kitchens', 'ingredients', params] as const,
    queryFn: async (): Promise<Page<KitchenIngredient>> =>
      expectOk(await api.get<Page<KitchenIngredient>>('kitchens/ingredients', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useKitchenIngredients = (params: KitchenIngredientsParams, enabled: boolean) =>
  useQuery({ ...kitchenIngredientsQuery(params), enabled });
