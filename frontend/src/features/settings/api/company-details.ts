import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export type CompanyDetails = components['schemas']['CompanyDetails'];
export type CompanyDetailsInput = components['schemas']['CompanyDetailsRequest'] & { logo: File | null };

const path = 'common/settings/companyDetails';

export const getCompanyDetails = async (): Promise<CompanyDetails> => expectOk(await api.get<CompanyDetails>(path));

export const companyDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'companyDetails'], queryFn: getCompanyDetails });

export const useCompanyDetails = () => useQuery(companyDetailsQueryOptions());

/** Multipart because the logo travels with the fields; an empty string clears a field. */
export async function saveCompanyDetails({ logo, ...fields }: CompanyDetailsInput): Promise<CompanyDetails> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value ?? '');
  if (logo) form.append('logo', logo);
  return expectOk(await api.post<CompanyDetails>(path, form));
}

export function useSaveCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyDetails,
    onSuccess: (saved) => queryClient.setQueryData(companyDetailsQueryOptions().queryKey, saved),
  });
}
