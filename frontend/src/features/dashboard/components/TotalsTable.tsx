import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { formatDate } from '@/lib/format';
import { useTotals, type InstitutionFilter } from '../api/dashboard';

/** The day's meals per institution, meal type and diet: ordered (live), served, cancelled, with their sums. */
export function TotalsTable({ date, institutionId }: InstitutionFilter & { date: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const totals = useTotals({ date, ...(institutionId ? { institutionId } : {}) });
  const title = t('totals.title', { date: formatDate(date, i18n.language) });
  return (
    <section aria-labelledby="dashboard-totals" className="mb-4">
      <h2 id="dashboard-totals" className="h5">
        {title}
      </h2>
      {totals.isPending ? (
        <LoadingSpinner />
      ) : totals.isError && !totals.data ? (
        <QueryError error={totals.error} onRetry={totals.refetch} />
      ) : totals.data.rows.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('totals.empty')}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered hover aria-label={t('totals.table')}>
            <thead>
              <tr>
                <th>{t('fields.institution')}</th>
                <th>{t('fields.mealType')}</th>
                <th>{t('fields.diet')}</th>
                <th className="text-end">{t('figures.ordered')}</th>
                <th className="text-end">{t('figures.served')}</th>
                <th className="text-end">{t('figures.cancelled')}</th>
              </tr>
            </thead>
            <tbody>
              {totals.data.rows.map((row) => (
                <tr key={`${row.institution.id}-${row.mealType.id}-${row.diet.id}`}>
                  <td>{row.institution.name}</td>
                  <td>{row.mealType.name}</td>
                  <td>{row.diet.name}</td>
                  <td className="text-end">{row.ordered}</td>
                  <td className="text-end">{row.served}</td>
                  <td className="text-end">{row.cancelled}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={3}>{t('totals.sum')}</th>
                <th className="text-end">{totals.data.totals.ordered}</th>
                <th className="text-end">{totals.data.totals.served}</th>
                <th className="text-end">{totals.data.totals.cancelled}</th>
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
    </section>
  );
}
