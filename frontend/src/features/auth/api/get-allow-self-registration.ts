import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

export const getAllowSelfRegistration = async (): Promise<boolean> =>
  expectOk(
    await api.get<{ allowSelfRegistration: boolean }>('common/settings/parentsSettings/allowSelfRegistration'),
  ).allowSelfRegistration;

export const allowSelfRegistrationQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'parentsSettings', 'allowSelfRegistration'],
    queryFn: getAllowSelfRegistration,
  });

export const useAllowSelfRegistration = () => useQuery(allowSelfRegistrationQueryOptions());
