import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

type AllowSelfRegistration = components['schemas']['AllowSelfRegistration'];

export const getAllowSelfRegistration = async (): Promise<boolean> =>
  expectOk(await api.get<AllowSelfRegistration>('common/settings/parentsSettings/allowSelfRegistration'))
    .allowSelfRegistration;

export const allowSelfRegistrationQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'parentsSettings', 'allowSelfRegistration'],
    queryFn: getAllowSelfRegistration,
  });

export const useAllowSelfRegistration = () => useQuery(allowSelfRegistrationQueryOptions());
