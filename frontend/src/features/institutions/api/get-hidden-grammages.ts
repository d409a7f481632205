import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

export const getHiddenGrammages = async (): Promise<{ institutionsIds: number[] }> =>
  expectOk(await api.get<{ institutionsIds: number[] }>('institutionSettings/institutions/hiddenGrammages'));

export const hiddenGrammagesQueryOptions = () =>
  queryOptions({ queryKey: ['institutions', 'hiddenGrammages'], queryFn: getHiddenGrammages });
