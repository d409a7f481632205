import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { formatDate } from '@/lib/format';
import { downloadReleaseReport, useReleaseReport, type PeriodFilters } from '../api/meals-to-release';
import { ReleaseFilters } from '../components/ReleaseFilters';
import { useReleaseFilters } from '../components/use-release-filters';

/**
 * `/mealsToReleaseReport` (admin, institutions admin): for a period (the week from tomorrow unless chosen, at most 62
 * days), the portions of each meal type per institution and day, with the totals; downloadable as XLSX or PDF.
 */
export function MealsToReleaseReportPage() {
  const { t, i18n } = useTranslation(['mealsToRelease', 'routes']);
  const { dateFrom, dateTo, kitchenId, institutionId, narrowing, setFilter } = useReleaseFilters();
  const filters: PeriodFilters = { dateFrom, dateTo, ...narrowing };
  const result = useReleaseReport(filters);
  const download = (format: 'xlsx' | 'pdf') =>
    void downloadReleaseReport(format, filters).catch(() => notify({ type: 'error', message: t('downloadFailed') }));
  const period = `${formatDate(dateFrom, i18n.language)} – ${formatDate(dateTo, i18n.language)}`;

  return (
    <section>
      <PageHeader title={t('routes:areas.mealsToReleaseReport')} />
      <p className="text-body-secondary">{t('reportIntro')}</p>
      <ReleaseFilters
        dates={[
          { label: t('fields.dateFrom'), value: dateFrom, name: 'dateFrom' },
          { label: t('fields.dateTo'), value: dateTo, name: 'dateTo' },
        ]}
        kitchenId={kitchenId}
        institutionId={institutionId}
        setFilter={setFilter}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => download('xlsx')}>
              {t('downloadXlsx')}
            </Button>
            <Button variant="outline-secondary" onClick={() => download('pdf')}>
              {t('downloadPdf')}
            </Button>
          </>
        }
      />
      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : !result.data || result.data.rows.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('reportEmpty', { period })}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered striped aria-label={t('reportTable')}>
            <thead>
              <tr>
                <th>{t('fields.institution')}</th>
                <th>{t('fields.date')}</th>
                {result.data.mealTypes.map((mealType) => (
                  <th key={mealType.id} className="text-end">
                    {mealType.name}
                  </th>
                ))}
                <th className="text-end">{t('total')}</th>
              </tr>
            </thead>
            <tbody>
              {result.data.rows.map((row) => (
                <tr key={`${row.institution.id}-${row.date}`}>
                  <td>{row.institution.name}</td>
                  <td>{formatDate(row.date, i18n.language)}</td>
                  {row.byMealType.map((portions, index) => (
                    <td key={result.data.mealTypes[index]?.id ?? index} className="text-end">
                      {portions}
                    </td>
                  ))}
                  <td className="text-end fw-semibold">{row.portions}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={2}>{t('total')}</th>
                {result.data.totals.map((portions, index) => (
                  <th key={result.data.mealTypes[index]?.id ?? index} className="text-end">
                    {portions}
                  </th>
                ))}
                <th className="text-end">{result.data.portions}</th>
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
    </section>
  );
}
