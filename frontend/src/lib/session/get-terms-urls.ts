import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export type TermsUrls = components['schemas']['TermsUrls'];

export const getTermsUrls = async (): Promise<TermsUrls> => expectOk(await api.get<TermsUrls>('auth/termsUrls'));

export const termsUrlsQueryOptions = () => queryOptions({ queryKey: ['auth', 'termsUrls'], queryFn: getTermsUrls });
