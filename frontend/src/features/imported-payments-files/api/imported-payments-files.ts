import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page } from '@/lib/crud';

export type ImportedPaymentsFile = components['schemas']['ImportedPaymentsFile'];
export type ImportedPaymentsFileDetails = components['schemas']['ImportedPaymentsFileDetails'];
export type ImportedPayment = components['schemas']['ImportedPayment'];
export type CsvProfile = components['schemas']['CsvProfile'];
export type ConfirmResult = components['schemas']['ConfirmResult'];
export type StatementFormat = 'auto' | 'mt940' | 'camt053' | 'csv';
export const STATEMENT_FORMATS: readonly StatementFormat[] = ['auto', 'mt940', 'camt053', 'csv'];
/** The review page's filters (the server's `kind`). */
export const ITEM_FILTERS = ['matched', 'suggested', 'unmatched', 'already_imported', 'skipped'] as const;

const PATH = 'importedPaymentsFiles';
const keys = {
  all: ['importedPaymentsFiles'] as const,
  list: (params: ListParams) => ['importedPaymentsFiles', 'list', params] as const,
  details: (id: number, params: ListParams) => ['importedPaymentsFiles', 'details', id, params] as const,
  profiles: ['importedPaymentsFiles', 'csvProfiles'] as const,
};

export const useImportedPaymentsFiles = (params: ListParams) =>
  useQuery({
    queryKey: keys.list(params),
    queryFn: async () => expectOk(await api.get<Page<ImportedPaymentsFile>>(PATH, params)),
    placeholderData: keepPreviousData,
  });

export const useImportedPaymentsFile = (id: number, params: ListParams) =>
  useQuery({
    queryKey: keys.details(id, params),
    queryFn: async () => expectOk(await api.get<ImportedPaymentsFileDetails>(`${PATH}/${id}`, params)),
    placeholderData: keepPreviousData,
  });

export const useCsvProfiles = (enabled: boolean) =>
  useQuery({
    queryKey: keys.profiles,
    queryFn: async () => expectOk(await api.get<CsvProfile[]>(`${PATH}/csvProfiles`)),
    enabled,
    staleTime: Infinity,
  });

export interface UploadFields {
  file: File;
  fileFormat: StatementFormat;
  csvProfile: string;
}

export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, fileFormat, csvProfile }: UploadFields) => {
      const form = new FormData();
      form.append('file', file);
      form.append('fileFormat', fileFormat);
      form.append('csvProfile', csvProfile);
      return expectCreated(await api.post<ImportedPaymentsFile>(PATH, form));
    },
    // The upload modal shows the refusal under the file field.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAssignItem(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, userId, childId }: { itemId: number; userId: number | null; childId?: number | null }) =>
      expectOk(await api.put<ImportedPayment>(`${PATH}/${fileId}/items/${itemId}`, { userId, childId: childId ?? null })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useConfirmStatement(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectOk(await api.post<ConfirmResult>(`${PATH}/${fileId}/confirm`)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: ['ledger'] })]),
  });
}
