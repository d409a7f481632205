import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { Amount, usePayers, type PayerBalance } from '@/features/transactions';

/** `/usersTransactions` (admin): payers with their balance; a link to their transactions. */
export function UsersTransactionsPage() {
  const { t } = useTranslation(['usersTransactions', 'routes']);
  const table = useTableState({ filters: ['negative'] });
  const list = usePayers(table.params);
  const columns: Column<PayerBalance>[] = [
    { key: 'lastName', header: t('fields.lastName'), cell: (row) => row.lastName },
    { key: 'firstName', header: t('fields.firstName'), cell: (row) => row.firstName },
    { key: 'email', header: t('fields.email'), cell: (row) => row.email },
    {
      key: 'role',
      header: t('fields.role'),
      cell: (row) => (row.roles.includes('ROLE_PARENT') ? t('parent') : t('worker')),
    },
    { key: 'balance', header: t('fields.balance'), className: 'text-end', cell: (row) => <Amount value={row.balance} /> },
    {
      key: 'transactions',
      header: <span className="visually-hidden">{t('fields.transactions')}</span>,
      cell: (row) => (
        <Link to={`/transactions?userId=${row.id}`} aria-label={t('showTransactionsOf', { name: row.fullName })}>
          {t('showTransactions')}
        </Link>
      ),
    },
  ];
  const title = t('routes:areas.usersTransactions');
  return (
    <section>
      <PageHeader title={title} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <Form.Check
            type="switch"
            id="payers-negative"
            label={t('onlyNegative')}
            checked={table.filters.negative === 'true'}
            onChange={(event) => table.setFilter('negative', event.target.checked ? 'true' : null)}
          />
        }
      />
    </section>
  );
}
