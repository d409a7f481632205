import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { useUpdateCurrentUser } from './use-update-current-user';

export type InvoicesSettingsBody = components['schemas']['InvoicesSettingsRequest'];
type InvoicesSettings = components['schemas']['InvoicesSettings'];

export const updateInvoicesSettings = async (
  body: InvoicesSettingsBody,
): Promise<{ invoicesSettings: InvoicesSettings }> => ({
  invoicesSettings: expectOk(await api.put<InvoicesSettings>('common/account/invoicesSettings', body)),
});

export const useUpdateInvoicesSettings = () => useUpdateCurrentUser(updateInvoicesSettings);
