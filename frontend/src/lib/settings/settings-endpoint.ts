import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

/**
 * One GET/PUT pair under common/settings/; every tenant settings endpoint follows it. `T` is what the server
 * answers, `TBody` what it accepts; a PUT body may be partial (the server keeps the fields it is not sent).
 */
export interface SettingsEndpoint<T, TBody> {
  key: string;
  get: () => Promise<T>;
  update: (body: Partial<TBody>) => Promise<T>;
  queryOptions: () => ReturnType<typeof settingsQueryOptions<T>>;
}

function settingsQueryOptions<T>(key: string, get: () => Promise<T>) {
  return queryOptions({ queryKey: ['settings', key], queryFn: get });
}

export function settingsEndpoint<T, TBody>(key: string): SettingsEndpoint<T, TBody> {
  const path = `common/settings/${key}`;
  const get = async () => expectOk(await api.get<T>(path));
  return {
    key,
    get,
    update: async (body) => expectOk(await api.put<T>(path, body)),
    queryOptions: () => settingsQueryOptions(key, get),
  };
}

export function useSettings<T, TBody>(endpoint: SettingsEndpoint<T, TBody>, enabled = true) {
  return useQuery({ ...endpoint.queryOptions(), enabled });
}

export function useUpdateSettings<T, TBody>(endpoint: SettingsEndpoint<T, TBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endpoint.update,
    onSuccess: (saved) => queryClient.setQueryData(endpoint.queryOptions().queryKey, saved),
  });
}
