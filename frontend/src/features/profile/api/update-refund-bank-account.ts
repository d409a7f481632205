import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { useUpdateCurrentUser } from './use-update-current-user';

type RefundBankAccount = components['schemas']['RefundBankAccount'];

/** A parent's refund bank account: 26 digits, or '' to remove it. */
export const updateRefundBankAccount = async (body: RefundBankAccount): Promise<RefundBankAccount> =>
  expectOk(await api.put<RefundBankAccount>('common/account/bankAccountNumber', body));

export const useUpdateRefundBankAccount = () => useUpdateCurrentUser(updateRefundBankAccount);
