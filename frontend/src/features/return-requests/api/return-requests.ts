import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page, StatusResponse } from '@/lib/crud';
import { downloadFile } from '@/lib/files';

export type ReturnRequest = components['schemas']['ReturnRequest'];
export type ReturnRequestState = ReturnRequest['state'];
export type BulkAcceptResult = components['schemas']['BulkAcceptResult'];
export type MarkPaidResult = components['schemas']['MarkPaidResult'];
export type ReturnRequestCreate = components['schemas']['ReturnRequestCreateRequest'];

export const RETURN_REQUEST_STATES: readonly ReturnRequestState[] = ['pending', 'accepted', 'paid', 'cancelled'];
export const BANK_FILE_FORMATS = ['elixir', 'csv'] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];

const PATH = 'returnRequests';

export const returnRequestKeys = {
  all: ['returnRequests'] as const,
  list: (params: ListParams) => ['returnRequests', 'list', params] as const,
};

export const useReturnRequests = (params: ListParams) =>
  useQuery({
    queryKey: returnRequestKeys.list(params),
    queryFn: async () => expectOk(await api.get<Page<ReturnRequest>>(PATH, params)),
    placeholderData: keepPreviousData,
  });

/** Every write changes the requests and may change a balance (accepting books a payout). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: returnRequestKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['ledger'] }),
    ]);
}

export const useCreateReturnRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: ReturnRequestCreate) => expectCreated(await api.post<ReturnRequest>(`${PATH}/create`, body)),
    onSuccess: refresh,
  });
};

export const useAcceptReturnRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, amount }: { id: number; amount: string }) =>
      expectOk(await api.post<StatusResponse>(`${PATH}/${id}/accept`, { amount: { amount, currency: 'PLN' } })),
    onSuccess: refresh,
  });
};

export const useBulkAcceptReturnRequests = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      expectOk(await api.post<BulkAcceptResult>(`${PATH}/bulkAccept`, { returnRequestsIds: ids })),
    onSuccess: refresh,
  });
};

/** The bank sent these accepted refunds: they leave the bank file. */
export const useMarkReturnRequestsPaid = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (ids: number[]) => expectOk(await api.post<MarkPaidResult>(`${PATH}/markPaid`, { returnRequestsIds: ids })),
    onSuccess: refresh,
  });
};

export const useCancelReturnRequest = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => expectOk(await api.post<StatusResponse>(`${PATH}/${id}/cancel`)),
    onSuccess: refresh,
  });
};

/** The accepted refunds as a bank file (Elixir-O or CSV), saved under the server's name. */
export const downloadBankFile = (format: BankFileFormat) =>
  downloadFile(`${PATH}/generateListExport`, { method: 'POST', body: { format }, fallbackName: `zwroty.${format === 'csv' ? 'csv' : 'txt'}` });
