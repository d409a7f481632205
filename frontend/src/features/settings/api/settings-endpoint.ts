import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

/** One GET/PUT pair under common/settings/; every tenant settings endpoint follows it. */
export interface SettingsEndpoint<T> {
  key: string;
  get: () => Promise<T>;
  update: (body: Partial<T>) => Promise<T>;
  queryOptions: () => ReturnType<typeof settingsQueryOptions<T>>;
}

function settingsQueryOptions<T>(key: string, get: () => Promise<T>) {
  return queryOptions({ queryKey: ['settings', key], queryFn: get });
}

export function settingsEndpoint<T>(key: string): SettingsEndpoint<T> {
  const path = `common/settings/${key}`;
  const get = async () => expectOk(await api.get<T>(path));
  return {
    key,
    get,
    update: async (body) => expectOk(await api.put<T>(path, body)),
    queryOptions: () => settingsQueryOptions(key, get),
  };
}

export function useSettings<T>(endpoint: SettingsEndpoint<T>, enabled = true) {
  return useQuery({ ...endpoint.queryOptions(), enabled });
}

export function useUpdateSettings<T>(endpoint: SettingsEndpoint<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endpoint.update,
    onSuccess: (saved) => queryClient.setQueryData(endpoint.queryOptions().queryKey, saved),
  });
}
