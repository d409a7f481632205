import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { UrlTabs } from '@/components/UrlTabs';
import { useUrlTab } from '@/components/use-url-tab';
import { Amount, useInsufficientFunds, usePayers, type PayerBalance } from '@/components/transactions';

const TABS = ['payers', 'insufficientFunds'] as const;

function payerColumns(t: TFunction<['usersTransactions', 'routes']>): Column<PayerBalance>[] {
  return [
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
}

/** Every payer with their balance; "only below zero" narrows it. */
function PayersTable() {
  const { t } = useTranslation(['usersTransactions', 'routes']);
  const table = useTableState({ filters: ['negative'] });
  const list = usePayers(table.params);
  return (
    <DataTable
      label={t('tabs.payers')}
      columns={payerColumns(t)}
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
  );
}

/** `transactions/insufficientFunds`: the payers whose balance is below what ordering needs (zero, or the allowed debit). */
function InsufficientFundsTable() {
  const { t } = useTranslation(['usersTransactions', 'routes']);
  const table = useTableState();
  const list = useInsufficientFunds(table.params);
  return (
    <>
      <p className="text-body-secondary small">{t('insufficientFundsHelp')}</p>
      <DataTable label={t('tabs.insufficientFunds')} columns={payerColumns(t)} query={list} state={table} />
    </>
  );
}

/**
 * `/usersTransactions` (admin): payers with their balance and a link to their transactions; a second tab lists
 * the payers who can no longer order for lack of funds. The tab is in the URL (`?tab=insufficientFunds`).
 */
export function UsersTransactionsPage() {
  const { t } = useTranslation(['usersTransactions', 'routes']);
  const tab = useUrlTab(TABS);
  const title = t('routes:areas.usersTransactions');
  return (
    <section>
      <PageHeader title={title} />
      <UrlTabs tabs={TABS} active={tab} label={t('tabs.label')} title={(key) => t(`tabs.${key}`)} />
      {tab === 'payers' ? <PayersTable /> : <InsufficientFundsTable />}
    </section>
  );
}
