import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { usePersonCommands } from '@/components/people/person-commands';
import { OPTION_LIST_PER_PAGE, createCrudResource, type Page } from '@/lib/crud';

export type InstitutionWorker = components['schemas']['InstitutionWorker'];
export type InstitutionWorkerRequest = components['schemas']['InstitutionWorkerRequest'];
export type WorkerStatus = 'active' | 'inactive' | 'archived';
type DietOption = components['schemas']['DietOption'];
type WorkersGroupOption = components['schemas']['WorkersGroupOption'];

/**
 * `institutionsWorkers`: list (`search`, `institutionId`, `groupId`, `status`, `userId`, `sort`), get, create
 * (the e-mail of an existing account reuses it; the same e-mail twice in the tenant is a field error), update,
 * delete (409 when the worker has history), and the commands below. Worker groups show member counts.
 */
export const institutionsWorkers = createCrudResource<InstitutionWorker, InstitutionWorkerRequest>({
  key: 'institutionsWorkers',
  path: 'institutionsWorkers',
  invalidates: ['institutionsWorkersGroups'],
});

/** The people's commands (activate, deactivate, archive, resetPassword, PUT password) on `institutionsWorkers/{id}`:
 * the id is the profile's, the server acts on its user. Groups are refreshed too (they count members). */
export const useWorkerCommands = () => usePersonCommands('institutionsWorkers', institutionsWorkers.key, ['institutionsWorkersGroups']);

/** Diets with the institutions they are served in and whether workers may pick allergens. */
export const dietOptionsQuery = () =>
  queryOptions({
    queryKey: ['diets', 'options', 'withInstitutions'],
    queryFn: async (): Promise<DietOption[]> =>
      expectOk(await api.get<Page<DietOption>>('diets/options', { perPage: OPTION_LIST_PER_PAGE })).items,
  });
export const useDietOptions = () => useQuery(dietOptionsQuery());

/** `institutionsWorkers/groups/options` with each group's institution (null: any). */
export const workersGroupOptionsQuery = () =>
  queryOptions({
    queryKey: ['institutionsWorkersGroups', 'options', 'withInstitution'],
    queryFn: async (): Promise<WorkersGroupOption[]> =>
      expectOk(await api.get<Page<WorkersGroupOption>>('institutionsWorkers/groups/options', { perPage: OPTION_LIST_PER_PAGE }))
        .items,
  });
export const useWorkersGroupOptions = () => useQuery(workersGroupOptionsQuery());

export { useAllergenOptions } from '@/lib/allergens/allergen-options';
