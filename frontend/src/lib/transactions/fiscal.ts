import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { transactions } from './ledger';

type Schemas = components['schemas'];
export type BulkFiscalizeResult = Schemas['BulkFiscalizeResult'];
export type FiscalizeAllResult = Schemas['FiscalizeAllResult'];

/**
 * Fiscal receipts (backend kantyna.fiscal): the office queues deposits for the online cash register — one, a
 * selection, or every pending one — and a job registers them within moments; each transaction then carries its
 * receipt number (`Transaction.fiscal`). The calls are refused while fiscalization is off in the tenant settings.
 */
export const FISCAL_ABILITY = 'fiscal.manage';

export const fiscalizationEnabledKey = ['settings', 'fiscalizationEnabled'] as const;

export const useFiscalizationEnabled = () =>
  useQuery({
    queryKey: fiscalizationEnabledKey,
    // Read again on each visit: the tenant settings page turns it on and off.
    staleTime: 0,
    queryFn: async () =>
      expectOk(await api.get<Schemas['FiscalizationEnabled']>('common/settings/fiscalizationEnabled')).fiscalizationEnabled,
  });

function useRefreshTransactions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [transactions.key] });
}

export const useFiscalize = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async (id: number) => expectOk(await api.post<Schemas['Status']>(`transactions/${id}/fiscalize`)),
    onSuccess: refresh,
  });
};

export const useBulkFiscalize = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      expectOk(await api.post<BulkFiscalizeResult>('transactions/bulkFiscalize', { transactionsIds: ids })),
    onSuccess: refresh,
  });
};

export const useFiscalizeAll = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async () => expectOk(await api.post<FiscalizeAllResult>('transactions/fiscalizeAll')),
    onSuccess: refresh,
  });
};

/** Whether the cash register answers (nothing is registered): the fiscalization settings check the register shown in
 * the form, saved or not. A register that does not answer is a 400 with the reason under `registerUrl`. */
export const useRegisterCheck = () =>
  useMutation({
    // Its refusal is shown under the printer's address (RegisterCheckButton), not as a toast as well.
    meta: { silent: true },
    mutationFn: async (body: Schemas['RegisterCheckRequest']) =>
      expectOk(await api.post<Schemas['Status']>('fiscal/registerCheck', body)),
  });

/** A failed receipt settled by a person after checking the printer's reports (not in the spec): registered with the
 * number found there. The same number again is fine; the server refuses a pending or otherwise registered receipt. */
export const useRegisteredByHand = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async ({ id, receiptNumber }: { id: number; receiptNumber: string }) =>
      expectOk(await api.post<Schemas['Status']>(`transactions/${id}/fiscalReceipt/registered`, { receiptNumber })),
    onSuccess: refresh,
  });
};

/** A failed receipt sent to the cash register again as a new sale (what the register was told is forgotten). */
export const useSendAnew = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: async (id: number) => expectOk(await api.post<Schemas['Status']>(`transactions/${id}/fiscalReceipt/sendAnew`)),
    onSuccess: refresh,
  });
};
