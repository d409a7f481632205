import { Alert, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { UrlTabs } from '@/components/UrlTabs';
import { useUrlTab } from '@/components/use-url-tab';
import { QueryState } from '@/components/SectionCard';
import { Amount, useEndOfMonthBalance, useMonthlySummaries, type EndOfMonthTableRow, type MonthlySummary } from '@/components/transactions';
import { formatMonth } from '@/lib/format';

const TABS = ['endOfMonth', 'summaries'] as const;

/** `YYYY-MM` of the month `offset` months from today's. */
function monthFromNow(offset: number, today = new Date()): string {
  const month = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
}

/** Each payer's balance at the end of the chosen month (by default the previous one, usually read once closed). */
function EndOfMonthTable() {
  const { t } = useTranslation(['monthlyBalanceReport', 'routes']);
  const table = useTableState({ filters: ['month', 'negative'] });
  const month = table.filters.month || monthFromNow(-1);
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
  return (
    <DataTable
      label={t('routes:areas.monthlyBalanceReport')}
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
  );
}

const SUMMARY_COLUMNS = ['deposit', 'charge', 'refund', 'fee', 'payout', 'correction'] as const;

/**
 * `transactions/monthlySummaries`: per month of a range (by default the last twelve) the sums of every kind of
 * transaction, their total and the balance of all payers at month end. The range is in the URL.
 */
function MonthlySummariesTable() {
  const { t, i18n } = useTranslation(['monthlyBalanceReport', 'transactions']);
  const [searchParams, setSearchParams] = useSearchParams();
  const dateFrom = searchParams.get('dateFrom') || monthFromNow(-11);
  const dateTo = searchParams.get('dateTo') || monthFromNow(0);
  const rangeValid = dateFrom <= dateTo;
  const summaries = useMonthlySummaries({ dateFrom, dateTo }, rangeValid);
  const setMonth = (name: 'dateFrom' | 'dateTo', value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId="summaries-from">
          <Form.Label className="small mb-1">{t('summaries.dateFrom')}</Form.Label>
          <Form.Control type="month" value={dateFrom} onChange={(event) => setMonth('dateFrom', event.target.value)} />
        </Form.Group>
        <Form.Group controlId="summaries-to">
          <Form.Label className="small mb-1">{t('summaries.dateTo')}</Form.Label>
          <Form.Control type="month" value={dateTo} onChange={(event) => setMonth('dateTo', event.target.value)} />
        </Form.Group>
      </div>
      {!rangeValid ? (
        <Alert variant="warning">{t('summaries.invalidRange')}</Alert>
      ) : (
        <QueryState query={summaries}>
          {() => (
            <Table responsive striped size="sm" aria-label={t('tabs.summaries')}>
              <thead>
                <tr>
                  <th scope="col">{t('summaries.month')}</th>
                  {SUMMARY_COLUMNS.map((kind) => (
                    <th key={kind} scope="col" className="text-end">
                      {t(`transactions:kinds.${kind}`)}
                    </th>
                  ))}
                  <th scope="col" className="text-end">
                    {t('summaries.total')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('fields.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(summaries.data ?? []).map((row: MonthlySummary) => (
                  <tr key={row.month}>
                    <th scope="row" className="fw-normal text-nowrap">
                      {formatMonth(row.month, i18n.language)}
                    </th>
                    {SUMMARY_COLUMNS.map((kind) => (
                      <td key={kind} className="text-end">
                        <Amount value={row[kind]} />
                      </td>
                    ))}
                    <td className="text-end">
                      <Amount value={row.total} />
                    </td>
                    <td className="text-end">
                      <Amount value={row.closingBalance} strong />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </QueryState>
      )}
    </>
  );
}

/**
 * `/monthlyBalanceReport` (staff): each payer's balance at the end of a month, with its movements; a second tab
 * sums every month of a range (`?tab=summaries`).
 */
export function MonthlyBalanceReportPage() {
  const { t } = useTranslation(['monthlyBalanceReport', 'routes']);
  const tab = useUrlTab(TABS);
  return (
    <section>
      <PageHeader title={t('routes:areas.monthlyBalanceReport')} />
      <UrlTabs tabs={TABS} active={tab} label={t('tabs.label')} title={(key) => t(`tabs.${key}`)} />
      {tab === 'endOfMonth' ? <EndOfMonthTable /> : <MonthlySummariesTable />}
    </section>
  );
}
