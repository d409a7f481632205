import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterDate, useTableState } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/lib/session/session-context';
import { transactionColumns, useDeposits } from '@/components/transactions';
import { TransactionCreateModal } from '@/components/transactions/TransactionModals';

/** `/deposits` (staff): the deposits, newest booking first; a manual deposit with transactions.edit. */
export function DepositsPage() {
  const { t } = useTranslation(['deposits', 'transactions', 'routes']);
  const { user } = useSession();
  const canEdit = user?.abilities.includes('transactions.edit') ?? false;
  const table = useTableState({ filters: ['dateFrom', 'dateTo'] });
  const list = useDeposits(table.params);
  const [creating, setCreating] = useState(false);
  const title = t('routes:areas.deposits');
  return (
    <section>
      <PageHeader title={title} actions={canEdit ? <Button onClick={() => setCreating(true)}>{t('deposits:create')}</Button> : undefined} />
      <DataTable
        label={title}
        columns={transactionColumns(t, ['bookedOn', 'payer', 'child', 'description', 'amount', 'author'])}
        query={list}
        state={table}
        filters={
          <>
            <FilterDate
              label={t('transactions:fields.dateFrom')}
              value={table.filters.dateFrom ?? ''}
              onChange={(value) => table.setFilter('dateFrom', value)}
            />
            <FilterDate label={t('transactions:fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
          </>
        }
      />
      {canEdit && <TransactionCreateModal show={creating} onClose={() => setCreating(false)} defaultKind="deposit" />}
    </section>
  );
}
