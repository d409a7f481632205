import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export type HiddenGrammages = components['schemas']['HiddenGrammages'];

export const getHiddenGrammages = async (): Promise<HiddenGrammages> =>
  expectOk(await api.get<HiddenGrammages>('institutionSettings/institutions/hiddenGrammages'));

export const hiddenGrammagesQueryOptions = () =>
  queryOptions({ queryKey: ['institutions', 'hiddenGrammages'], queryFn: getHiddenGrammages });
