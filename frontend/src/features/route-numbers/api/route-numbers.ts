import { useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

export type RouteNumber = components['schemas']['RouteNumber'];
export type RouteNumberRequest = components['schemas']['RouteNumberRequest'];
export type DriverOption = components['schemas']['DriverOption'];

/**
 * `routeNumbers`: list (`driverId`, `search` on number, description and driver, `sort` on number/driverName),
 * get, create, update, delete and options. Drivers list the routes they drive, so they are refreshed too.
 */
export const routeNumbers = createCrudResource<RouteNumber, RouteNumberRequest>({
  key: 'routeNumbers',
  path: 'routeNumbers',
  invalidates: ['drivers'],
});

/** `drivers/options` with `isActive`, which the route form needs to keep inactive drivers unchoosable. */
export const driverOptionsQuery = () => ({
  // Under the drivers key, so that a change to a driver refreshes these options too.
  queryKey: ['drivers', 'options', 'withStatus'] as const,
  queryFn: async (): Promise<DriverOption[]> =>
    expectOk(await api.get<Page<DriverOption>>('drivers/options', { perPage: OPTION_LIST_PER_PAGE })).items,
});

export const useDriverOptions = () => useQuery(driverOptionsQuery());
