import { api, expectOk } from '@/api/client';
import type { InvoicesSettings } from '@/features/auth/api/get-current-user';
import { useUpdateCurrentUser } from './use-update-current-user';

export const updateInvoicesSettings = async (body: InvoicesSettings): Promise<{ invoicesSettings: InvoicesSettings }> => ({
  invoicesSettings: expectOk(await api.put<InvoicesSettings>('common/account/invoicesSettings', body)),
});

export const useUpdateInvoicesSettings = () => useUpdateCurrentUser(updateInvoicesSettings);
