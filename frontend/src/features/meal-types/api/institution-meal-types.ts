import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { INSTITUTION_MEAL_TYPES_KEY, mealTypes } from './meal-types';

export type InstitutionMealTypes = components['schemas']['InstitutionMealTypes'];

/** `mealTypeInstitutionSettings/groupedByInstitutions`: every institution with the meal types it offers. */
export async function getMealTypesGroupedByInstitutions(): Promise<InstitutionMealTypes[]> {
  return expectOk(await api.get<InstitutionMealTypes[]>('mealTypeInstitutionSettings/groupedByInstitutions'));
}

export const institutionMealTypesQuery = () =>
  queryOptions({ queryKey: [INSTITUTION_MEAL_TYPES_KEY], queryFn: getMealTypesGroupedByInstitutions });

export const useInstitutionMealTypes = () => useQuery(institutionMealTypesQuery());

/** `PUT mealTypeInstitutionSettings/institutions/{institutionId}`: exactly these meal types are offered there. */
export async function setInstitutionMealTypes(institutionId: number, mealTypesIds: number[]): Promise<InstitutionMealTypes> {
  return expectOk(
    await api.put<InstitutionMealTypes>(`mealTypeInstitutionSettings/institutions/${institutionId}`, { mealTypesIds }),
  );
}

export function useSetInstitutionMealTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionId, mealTypesIds }: { institutionId: number; mealTypesIds: number[] }) =>
      setInstitutionMealTypes(institutionId, mealTypesIds),
    // Lists filtered by institution change too.
    onSuccess: () =>
      Promise.all([INSTITUTION_MEAL_TYPES_KEY, mealTypes.key].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
