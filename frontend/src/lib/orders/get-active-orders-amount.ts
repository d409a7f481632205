import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import { isMoney } from '@/lib/session/get-balance';
import type { Money } from '@/lib/money';
import { readJson, storageKeys, writeJson } from '@/lib/storage';

export async function getActiveOrdersAmount(): Promise<Money> {
  const amount = expectOk(await api.get<Money>('orders/totalAmounts', { status: 'active' }));
  if (!isMoney(amount)) throw new TypeError('active orders amount');
  writeJson(storageKeys.activeOrdersAmount, amount);
  return amount;
}

export const activeOrdersAmountQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'totalAmounts', { status: 'active' }],
    queryFn: getActiveOrdersAmount,
    placeholderData: () => readJson(storageKeys.activeOrdersAmount, isMoney) ?? undefined,
  });

export const useActiveOrdersAmount = (enabled: boolean) => useQuery({ ...activeOrdersAmountQueryOptions(), enabled });
