import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import { createCrudResource, type ListParams, type Page } from '@/lib/crud';
import type { Money } from '@/lib/money';

/*
 * The ledger's API (backend kantyna/ledger/api). The shapes mirror the serializers; they are written here
 * because the generated schema could not be regenerated while this area was built (other areas' schema
 * warnings) — once `make schema` passes they can be replaced by `components['schemas'][...]` one for one.
 */

export type TransactionKind = 'deposit' | 'charge' | 'refund' | 'fee' | 'correction' | 'payout';
export const TRANSACTION_KINDS: readonly TransactionKind[] = ['deposit', 'charge', 'refund', 'fee', 'correction', 'payout'];
/** What staff may book by hand (POST transactions). */
export const MANUAL_KINDS = ['deposit', 'payout', 'correction', 'fee'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

export interface PersonRef {
  id: number;
  fullName: string;
}

/** A deposit's fiscal receipt (kantyna.fiscal): queued, registered with its number, or failed with the reason. */
export interface FiscalState {
  state: 'pending' | 'registered' | 'failed';
  receiptNumber: string;
  attempts: number;
  lastError: string;
  registeredAt: string | null;
}

export interface Transaction {
  id: number;
  kind: TransactionKind;
  amount: Money;
  /** The amount with its corrections applied. */
  effectiveAmount: Money;
  balanceAfter: Money;
  bookedOn: string;
  createdAt: string;
  description: string;
  referenceType: string;
  referenceId: number | null;
  idempotencyKey: string;
  correctsId: number | null;
  fiscalized: boolean;
  /** Null for rows fiscalization does not concern (not a deposit, or booked while it was off). */
  fiscal: FiscalState | null;
  user: PersonRef;
  child: PersonRef | null;
  author: PersonRef | null;
}

export interface TransactionCreate {
  userId: number;
  childId?: number | null;
  kind: ManualKind;
  /** Positive for deposits, payouts and fees (the kind gives the sign); signed for a correction. */
  amount: string;
  description: string;
  bookedOn?: string | null;
  idempotencyKey?: string;
}

export interface TransactionCorrect {
  /** What the transaction should have been, signed as listed. */
  amount: string;
  description: string;
}

export interface Totals {
  count: number;
  total: Money;
  byKind: Record<TransactionKind, Money>;
}

export interface PayerBalance {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  roles: string[];
  isActive: boolean;
  balance: Money;
}

export interface ChildBalance {
  childId: number | null;
  childName: string;
  balance: Money;
}

export interface UserBalance {
  userId: number;
  balance: Money;
  perChildren: ChildBalance[];
  balancePerChildren: boolean;
}

export interface EndOfMonthRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  openingBalance: Money;
  deposits: Money;
  charges: Money;
  corrections: Money;
  balance: Money;
}

/** One month of `transactions/monthlySummaries`: the sums per kind, their total and the balance at month end. */
export interface MonthlySummary {
  /** `YYYY-MM`. */
  month: string;
  deposit: Money;
  charge: Money;
  refund: Money;
  fee: Money;
  correction: Money;
  payout: Money;
  total: Money;
  closingBalance: Money;
}

export interface BankTransferDetails {
  accountNumber: string | null;
  recipientName: string;
  recipientAddress: string;
  title: string;
  balance: Money;
}

/**
 * `transactions`: list (userId, childId, kind, dateFrom, dateTo, institutionId, search; sort bookedOn/createdAt/
 * amount/kind), get, POST (201 {id}), PUT (books a correction), DELETE (books a reversing correction).
 * Every write changes balances, so the ledger's other reads are refreshed too.
 */
export const transactions = createCrudResource<Transaction, TransactionCreate, TransactionCorrect>({
  key: 'transactions',
  path: 'transactions',
  invalidates: ['ledger', 'auth'],
});

/** Ordering and marking charge or refund the payer: the ledger's lists, totals and balances are refetched. */
export function invalidateLedger(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [transactions.key, 'ledger'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  ).then(() => undefined);
}

const get = async <T,>(path: string, params: ListParams = {}): Promise<T> => expectOk(await api.get<T>(path, params));

export const ledgerKeys = {
  totals: (params: ListParams) => ['ledger', 'totals', params] as const,
  deposits: (params: ListParams) => ['ledger', 'deposits', params] as const,
  payers: (params: ListParams) => ['ledger', 'payers', params] as const,
  insufficientFunds: (params: ListParams) => ['ledger', 'insufficientFunds', params] as const,
  userBalance: (userId: number) => ['ledger', 'userBalance', userId] as const,
  endOfMonth: (params: ListParams) => ['ledger', 'endOfMonth', params] as const,
  bankTransferDetails: () => ['ledger', 'bankTransferDetails'] as const,
  monthlySummaries: (params: ListParams) => ['ledger', 'monthlySummaries', params] as const,
};

/** Paging, sort and the like are not filters of the totals. */
function withoutPaging(params: ListParams): ListParams {
  const { page, perPage, sort, ...filters } = params;
  return filters;
}

export const totalsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ledgerKeys.totals(withoutPaging(params)),
    queryFn: () => get<Totals>('transactions/totals', withoutPaging(params)),
    placeholderData: keepPreviousData,
  });
export const useTotals = (params: ListParams) => useQuery(totalsQuery(params));

export const useDeposits = (params: ListParams) =>
  useQuery({
    queryKey: ledgerKeys.deposits(params),
    queryFn: () => get<Page<Transaction>>('transactions/deposits', params),
    placeholderData: keepPreviousData,
  });

export const usePayers = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: ledgerKeys.payers(params),
    queryFn: () => get<Page<PayerBalance>>('transactions/users', params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useInsufficientFunds = (params: ListParams) =>
  useQuery({
    queryKey: ledgerKeys.insufficientFunds(params),
    queryFn: () => get<Page<PayerBalance>>('transactions/insufficientFunds', params),
    placeholderData: keepPreviousData,
  });

export const useUserBalance = (userId: number | null) =>
  useQuery({
    queryKey: ledgerKeys.userBalance(userId ?? 0),
    queryFn: () => get<UserBalance>(`transactions/userBalance/${userId}`),
    enabled: userId !== null,
  });

/** Rows carry `id` (the payer) so DataTable can key them. */
export type EndOfMonthTableRow = EndOfMonthRow & { id: number };

export const useEndOfMonthBalance = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: ledgerKeys.endOfMonth(params),
    queryFn: async (): Promise<Page<EndOfMonthTableRow>> => {
      const page = await get<Page<EndOfMonthRow>>('transactions/endOfMonthBalance', params);
      return { ...page, items: page.items.map((row) => ({ ...row, id: row.userId })) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** `transactions/monthlySummaries?dateFrom=YYYY-MM&dateTo=YYYY-MM` (optionally userId, childId, institutionId). */
export const useMonthlySummaries = (params: ListParams, enabled = true) =>
  useQuery({
    queryKey: ledgerKeys.monthlySummaries(params),
    queryFn: () => get<MonthlySummary[]>('transactions/monthlySummaries', params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useBankTransferDetails = () =>
  useQuery({ queryKey: ledgerKeys.bankTransferDetails(), queryFn: () => get<BankTransferDetails>('billing/bankTransferDetails') });
