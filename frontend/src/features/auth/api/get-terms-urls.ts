import { queryOptions } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

export interface TermsUrls {
  termsAndConditionsUrl: string | null;
  privacyPolicyUrl: string | null;
  cateringTermsUrl: string | null;
}

export const getTermsUrls = async (): Promise<TermsUrls> => expectOk(await api.get<TermsUrls>('auth/termsUrls'));

export const termsUrlsQueryOptions = () => queryOptions({ queryKey: ['auth', 'termsUrls'], queryFn: getTermsUrls });
