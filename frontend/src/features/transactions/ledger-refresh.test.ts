import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { invalidateAfterMarking } from '@/lib/calendar/calendar-days';
import { refreshAfterWrite } from '@/lib/orders/orders';
import { ledgerKeys, transactions } from '@/lib/transactions/ledger';

/** The billing page's balance and history and the transactions list, as cached before an order. */
const LEDGER_QUERIES = [
  ledgerKeys.userBalance(5),
  ledgerKeys.totals({ userId: 5 }),
  ledgerKeys.deposits({}),
  transactions.keys.list({ userId: 5 }),
];
const UNRELATED = ['allergens', 'list', {}];

function cachedClient() {
  const client = createQueryClient();
  for (const queryKey of [...LEDGER_QUERIES, UNRELATED]) client.setQueryData(queryKey, { cached: true });
  return client;
}

const invalidated = (client: ReturnType<typeof createQueryClient>, queryKey: readonly unknown[]) =>
  client.getQueryState(queryKey)?.isInvalidated;

describe('ledger refresh after ordering', () => {
  it('given cached billing and transactions, when meals are marked in the calendar, then they are refetched', async () => {
    const client = cachedClient();
    await invalidateAfterMarking(client);
    expect(LEDGER_QUERIES.map((key) => invalidated(client, key))).toEqual([true, true, true, true]);
    expect(invalidated(client, UNRELATED)).toBe(false);
  });

  it('given cached billing and transactions, when an order is written, then they are refetched', async () => {
    const client = cachedClient();
    await refreshAfterWrite(client);
    expect(LEDGER_QUERIES.map((key) => invalidated(client, key))).toEqual([true, true, true, true]);
    expect(invalidated(client, UNRELATED)).toBe(false);
  });
});
