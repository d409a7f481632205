import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { OPTION_LIST_PER_PAGE, createCrudResource, useAction, type Page } from '@/lib/crud';

export type Institution = components['schemas']['Institution'];
export type InstitutionRequest = components['schemas']['InstitutionRequest'];
export type InstitutionKind = components['schemas']['InstitutionKindEnum'];
export type InstitutionOption = components['schemas']['InstitutionOption'];

export const INSTITUTION_KINDS: readonly InstitutionKind[] = ['school', 'kindergarten', 'workplace'];

/**
 * `institutions`: list (`districtId`, `kind`, `active`, `search`, `sort`), get, create, update, delete (409 while
 * classrooms, children, workers, menus or institutions admins refer to it).
 */
export const institutions = createCrudResource<Institution, InstitutionRequest>({ key: 'institutions', path: 'institutions' });

/**
 * `institutions/options`: only active institutions unless `showAll` (back-office filters also list deactivated
 * ones). Under the resource's key, so every institution write refreshes it; its own second part, because other
 * features cache narrower shapes of the same call under `['institutions', 'options', ...]`.
 */
export const institutionOptionsQuery = (showAll: boolean) =>
  queryOptions({
    queryKey: [institutions.key, 'fullOptions', { showAll }],
    queryFn: async () =>
      expectOk(
        await api.get<Page<InstitutionOption>>('institutions/options', {
          perPage: OPTION_LIST_PER_PAGE,
          ...(showAll ? { showAll: true } : {}),
        }),
      ).items,
  });

export const useInstitutionOptions = (showAll = false) => useQuery(institutionOptionsQuery(showAll));

/** Activation changes who sees the institution; its classrooms list names it too. */
export const useSetInstitutionActive = (active: boolean) =>
  useAction(active ? 'institutions/{id}/activate' : 'institutions/{id}/deactivate', {
    invalidates: [institutions.key, 'classrooms'],
  });

/** `institutions/{id}/classrooms/reset`: every classroom of the institution, all or nothing (409 while any has children). */
export const useResetInstitutionClassrooms = () =>
  useAction('institutions/{id}/classrooms/reset', { invalidates: [institutions.key, 'classrooms'] });
