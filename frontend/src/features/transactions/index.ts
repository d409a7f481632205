export { ParentBalanceSection } from './components/ParentBalanceSection';
export { Amount } from './components/Amount';
export { LedgerTable } from './components/LedgerTable';
export { payerHistoryColumns, transactionColumns } from './components/transaction-columns';
export * from './api/ledger';
