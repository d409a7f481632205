import { useState, type ReactNode } from 'react';
import { Button, CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterDate, FilterSelect, useTableState } from '@/components/data-table';
import { useSession } from '@/lib/session/session-context';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { TRANSACTION_KINDS, transactions, usePayers, type Transaction } from '@/lib/transactions/ledger';
import { CorrectionModal } from './TransactionModals';
import { TotalsRow } from './TotalsRow';
import { TransactionActions } from './TransactionActions';
import { TransactionDetailsModal } from './TransactionDetailsModal';
import { transactionColumns, type TransactionColumn } from './transaction-columns';
import { canFiscalize, useFiscalActions } from './use-fiscal-actions';
import { useReverseTransaction } from './use-reverse';

const LEDGER_FILTERS = ['kind', 'dateFrom', 'dateTo', 'userId', 'childId', 'institutionId'] as const;

/**
 * The payer the URL filters on (`?userId=`, from /usersTransactions), named so that staff see whose transactions
 * these are, with a button that shows everyone's again. The name comes from the payers list the booking modal reads
 * (one cached request), or from the rows.
 */
function PayerFilterChip({ userId, rows, onClear }: { userId: number; rows: readonly Transaction[] | undefined; onClear: () => void }) {
  const { t } = useTranslation('transactions');
  const payers = usePayers({ perPage: OPTION_LIST_PER_PAGE });
  const name =
    payers.data?.items.find((payer) => payer.id === userId)?.fullName ??
    rows?.find((row) => row.user.id === userId)?.user.fullName ??
    `#${userId}`;
  return (
    <div className="mb-2">
      <span className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-2 fs-6 fw-normal" role="status">
        {t('payerFilter', { name })}
        <CloseButton aria-label={t('clearPayerFilter', { name })} onClick={onClear} style={{ fontSize: '0.6rem' }} />
      </span>
    </div>
  );
}

export interface LedgerTableProps {
  label: string;
  columns: readonly TransactionColumn[];
  /** Fixed filters (a parent's page: their userId), sent with the URL's ones. */
  fixed?: Readonly<Record<string, string | number>>;
  /** Correct / reverse buttons (staff with transactions.edit). */
  editable?: boolean;
  extraFilters?: ReactNode;
  /** The fiscal receipt column while fiscalization is on, and the office's fiscalize actions (fiscal.manage). */
  fiscal?: boolean;
}

/** The transactions list with kind and date filters, the totals of the filtered rows, each row's details, and staff actions. */
export function LedgerTable({ label, columns, fixed = {}, editable = false, extraFilters, fiscal = false }: LedgerTableProps) {
  const { t } = useTranslation(['transactions', 'common']);
  const { user } = useSession();
  const table = useTableState({ filters: LEDGER_FILTERS, defaultSort: '-bookedOn' });
  const params = { ...table.params, ...fixed };
  const list = transactions.useList(params);
  const [correcting, setCorrecting] = useState<Transaction | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  const reverse = useReverseTransaction();
  const canEdit = editable && (user?.abilities.includes('transactions.edit') ?? false);
  const fiscalActions = useFiscalActions(list.data?.items, fiscal);
  const shownColumns = fiscalActions.enabled ? [...columns, 'fiscal' as const] : columns;

  return (
    <>
      {table.filters.userId && fixed.userId === undefined && (
        <PayerFilterChip userId={Number(table.filters.userId)} rows={list.data?.items} onClear={() => table.setFilter('userId', null)} />
      )}
      <TotalsRow params={params} />
      {fiscalActions.canManage && (
        <div className="d-flex justify-content-end mb-2">
          <Button variant="outline-primary" onClick={() => void fiscalActions.fiscalizeAll()}>
            {t('fiscal.fiscalizeAll')}
          </Button>
        </div>
      )}
      <DataTable
        label={label}
        columns={transactionColumns(t, shownColumns, { settleFiscal: fiscalActions.canManage })}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.kind')}
              value={table.filters.kind ?? ''}
              options={TRANSACTION_KINDS.map((kind) => ({ value: kind, text: t(`kinds.${kind}`) }))}
              onChange={(value) => table.setFilter('kind', value)}
            />
            <FilterDate label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <FilterDate label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
            {extraFilters}
          </>
        }
        rowActions={(row) => (
          <div className="d-flex gap-1 justify-content-end">
            <Button size="sm" variant="outline-secondary" onClick={() => setShowing(row.id)} aria-label={t('detailsNumber', { id: row.id })}>
              {t('details')}
            </Button>
            {fiscalActions.canManage && canFiscalize(row) && (
              <Button size="sm" variant="outline-primary" onClick={() => void fiscalActions.fiscalizeOne(row)} aria-label={t('fiscal.fiscalizeNumber', { id: row.id })}>
                {t('fiscal.fiscalize')}
              </Button>
            )}
            {canEdit && <TransactionActions row={row} onCorrect={setCorrecting} onReverse={(r) => void reverse(r)} />}
          </div>
        )}
        bulkActions={
          fiscalActions.canManage
            ? (selected, clear) => (
                <Button size="sm" onClick={() => void fiscalActions.fiscalizeMany(selected, clear)} disabled={!selected.some(canFiscalize)}>
                  {t('fiscal.fiscalizeSelected')}
                </Button>
              )
            : undefined
        }
      />
      <TransactionDetailsModal id={showing} onClose={() => setShowing(null)} />
      {canEdit && <CorrectionModal row={correcting} onClose={() => setCorrecting(null)} />}
    </>
  );
}
