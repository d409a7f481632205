import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page } from '@/lib/crud';
import { downloadFile } from '@/lib/files';

export type ImportedOrdersFile = components['schemas']['ImportedOrdersFile'];
export type ImportedOrdersFileDetails = components['schemas']['ImportedOrdersFileDetails'];
export type ImportedOrderRow = components['schemas']['ImportedOrderRow'];
export type OrdersFileConfirmResult = components['schemas']['OrdersFileConfirmResult'];
/** The report's filters (the server's `status`). */
export const ROW_FILTERS = ['ok', 'problems'] as const;

const PATH = 'importedOrdersFiles';
const keys = {
  all: ['importedOrdersFiles'] as const,
  list: (params: ListParams) => ['importedOrdersFiles', 'list', params] as const,
  details: (id: number, params: ListParams) => ['importedOrdersFiles', 'details', id, params] as const,
};

export const useImportedOrdersFiles = (params: ListParams) =>
  useQuery({
    queryKey: keys.list(params),
    queryFn: async () => expectOk(await api.get<Page<ImportedOrdersFile>>(PATH, params)),
    placeholderData: keepPreviousData,
  });

export const useImportedOrdersFile = (id: number, params: ListParams) =>
  useQuery({
    queryKey: keys.details(id, params),
    queryFn: async () => expectOk(await api.get<ImportedOrdersFileDetails>(`${PATH}/${id}`, params)),
    placeholderData: keepPreviousData,
  });

export interface OrdersUploadFields {
  file: File;
  overrideCutoff: boolean;
}

export function useUploadOrdersFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, overrideCutoff }: OrdersUploadFields) => {
      const form = new FormData();
      form.append('file', file);
      form.append('overrideCutoff', String(overrideCutoff));
      return expectCreated(await api.post<ImportedOrdersFile>(PATH, form));
    },
    // The upload modal shows the refusal under the file field.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useConfirmOrdersFile(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectOk(await api.post<OrdersFileConfirmResult>(`${PATH}/${fileId}/confirm`)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['ledger'] }),
      ]),
  });
}

export const downloadOrdersTemplate = () => downloadFile(`${PATH}/template`, { fallbackName: 'orders-template.xlsx' });
