export { ParentBalanceSection } from './ParentBalanceSection';
export { Amount } from './Amount';
export { BalancePerChildrenTable } from './BalancePerChildrenTable';
export { LedgerTable } from './LedgerTable';
export { payerHistoryColumns, transactionColumns } from './transaction-columns';
export * from '@/lib/transactions/ledger';
