import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';

export interface CompanyDetails {
  name: string | null;
  vatId: string | null;
  street: string | null;
  city: string | null;
  postCode: string | null;
  email: string | null;
  phoneNumber: string | null;
  bankAccountNumber: string | null;
  termsUrl: string | null;
  privacyPolicyUrl: string | null;
  cateringTermsUrl: string | null;
  logoUrl: string | null;
}

export type CompanyDetailsInput = Omit<CompanyDetails, 'logoUrl'> & { logo: File | null };

const path = 'common/settings/companyDetails';

export const getCompanyDetails = async (): Promise<CompanyDetails> => expectOk(await api.get<CompanyDetails>(path));

export const companyDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'companyDetails'], queryFn: getCompanyDetails });

export const useCompanyDetails = () => useQuery(companyDetailsQueryOptions());

/** Multipart because the logo travels with the fields. */
export async function saveCompanyDetails(input: CompanyDetailsInput): Promise<CompanyDetails> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'logo') continue;
    form.append(key, typeof value === 'string' ? value : '');
  }
  if (input.logo) form.append('logo', input.logo);
  return expectOk(await api.post<CompanyDetails>(path, form));
}

export function useSaveCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyDetails,
    onSuccess: (saved) => queryClient.setQueryData(companyDetailsQueryOptions().queryKey, saved),
  });
}
