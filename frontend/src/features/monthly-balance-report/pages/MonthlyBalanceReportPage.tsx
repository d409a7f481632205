import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { Amount, useEndOfMonthBalance, type EndOfMonthTableRow } from '@/features/transactions';

/** The previous month: the report is usually read once a month has closed. */
function previousMonth(today = new Date()): string {
  const month = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

/** `/monthlyBalanceReport` (staff): each payer's balance at the end of the chosen month, with its movements. */
export function MonthlyBalanceReportPage() {
  const { t } = useTranslation(['monthlyBalanceReport', 'routes']);
  const table = useTableState({ filters: ['month', 'negative'] });
  const month = table.filters.month || previousMonth();
  const list = useEndOfMonthBalance({ ...table.params, month });
  const columns: Column<EndOfMonthTableRow>[] = [
    { key: 'name', header: t('fields.payer'), cell: (row) => `${row.lastName} ${row.firstName}` },
    { key: 'email', header: t('fields.email'), cell: (row) => row.email },
    { key: 'opening', header: t('fields.openingBalance'), className: 'text-end', cell: (row) => <Amount value={row.openingBalance} /> },
    { key: 'deposits', header: t('fields.deposits'), className: 'text-end', cell: (row) => <Amount value={row.deposits} /> },
    { key: 'charges', header: t('fields.charges'), className: 'text-end', cell: (row) => <Amount value={row.charges} /> },
    { key: 'corrections', header: t('fields.corrections'), className: 'text-end', cell: (row) => <Amount value={row.corrections} /> },
    { key: 'balance', header: t('fields.balance'), className: 'text-end', cell: (row) => <Amount value={row.balance} strong /> },
  ];
  const title = t('routes:areas.monthlyBalanceReport');
  return (
    <section>
      <PageHeader title={title} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <Form.Group controlId="report-month">
              <Form.Label className="small mb-1">{t('month')}</Form.Label>
              <Form.Control type="month" value={month} onChange={(event) => table.setFilter('month', event.target.value)} />
            </Form.Group>
            <Form.Check
              type="switch"
              id="report-negative"
              className="align-self-end"
              label={t('onlyNegative')}
              checked={table.filters.negative === 'true'}
              onChange={(event) => table.setFilter('negative', event.target.checked ? 'true' : null)}
            />
          </>
        }
      />
    </section>
  );
}
