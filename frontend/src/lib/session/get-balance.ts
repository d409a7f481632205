import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { Money } from '@/lib/money';
import { readJson, storageKeys, writeJson } from '@/lib/storage';

export function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Money).amount === 'string' &&
    typeof (value as Money).currency === 'string'
  );
}

export async function getBalance(): Promise<Money> {
  const balance = expectOk(await api.get<Money>('auth/currentUser/balance'));
  if (!isMoney(balance)) throw new TypeError('balance');
  // Kept across reloads so the navbar shows the last known balance before the request answers.
  writeJson(storageKeys.balance, balance);
  return balance;
}

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'currentUser', 'balance'],
    queryFn: getBalance,
    placeholderData: () => readJson(storageKeys.balance, isMoney) ?? undefined,
  });

export const useBalance = (enabled: boolean) => useQuery({ ...balanceQueryOptions(), enabled });
