import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

type UploadMaxFileSize = components['schemas']['UploadMaxFileSize'];

/** `common/settings/uploadMaxFileSize` in bytes: the server refuses larger files, so the screen says so first. */
export const uploadLimitQuery = () =>
  queryOptions({
    queryKey: ['settings', 'uploadMaxFileSize'],
    queryFn: async () => expectOk(await api.get<UploadMaxFileSize>('common/settings/uploadMaxFileSize')).uploadMaxFileSize,
  });

export const useUploadLimit = () => useQuery(uploadLimitQuery());
