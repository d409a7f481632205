import { money } from '@/test/server';
import type { Transaction } from '@/lib/transactions/ledger';

/** A ledger row for tests, shaped like the transactions serializer: a deposit booked by staff, unless overridden. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 11,
    kind: 'deposit',
    amount: money('50.00'),
    effectiveAmount: money('50.00'),
    balanceAfter: money('50.00'),
    bookedOn: '2026-11-02',
    createdAt: '2026-11-02T10:00:00Z',
    description: 'Wpłata w kasie',
    referenceType: 'user',
    referenceId: 5,
    idempotencyKey: 'manual:1',
    correctsId: null,
    fiscalized: false,
    fiscal: null,
    user: { id: 5, fullName: 'Anna Nowak' },
    child: null,
    author: { id: 1, fullName: 'Ada Admin' },
    ...overrides,
  };
}
