import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDate } from '@/lib/format';
import { useGrouped, type DailyReleasesInstitutionDay } from '../api/daily-meals-releases';
import { differenceKind } from '../model/release-form';

const ROW_CLASS = { short: 'table-danger', over: 'table-warning', even: '' } as const;

/**
 * `/dailyMealsReleases` (admin): for a day (today unless chosen) and optionally one institution, per institution
 * x meal type x diet, what was ordered beside what was recorded as released; differences are highlighted (red:
 * less released than ordered, yellow: more). The filters live in the URL.
 */
export function DailyMealsReleasesPage() {
  const { t, i18n } = useTranslation(['dailyMealsReleases', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') || todayIso();
  const institutionId = searchParams.get('institutionId') ?? '';
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const result = useGrouped({ date, ...(institutionId ? { institutionsIds: institutionId } : {}) });
  const setFilter = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const createLink = `/dailyMealsReleases/create?date=${date}${institutionId ? `&institutionId=${institutionId}` : ''}`;

  return (
    <section>
      <PageHeader
        title={t('routes:areas.dailyMealsReleases')}
        actions={
          <Link to={createLink} className="btn btn-primary">
            {t('record')}
          </Link>
        }
      />
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.date')} value={date} onChange={(value) => setFilter('date', value)} />
        <FilterSelect
          label={t('fields.institution')}
          value={institutionId}
          options={institutions.data ?? []}
          onChange={(value) => setFilter('institutionId', value)}
        />
      </div>
      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : !result.data || result.data.institutions.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('empty', { date: formatDate(date, i18n.language) })}</p>
      ) : (
        result.data.institutions.map((group) => <InstitutionTable key={`${group.date}-${group.institutionId}`} group={group} />)
      )}
    </section>
  );
}

function InstitutionTable({ group }: { group: DailyReleasesInstitutionDay }) {
  const { t } = useTranslation('dailyMealsReleases');
  return (
    <div className="mb-4">
      <h2 className="h5 d-flex align-items-center gap-2">
        {group.institutionName}
        {group.recorded ? (
          <Badge bg="success">{t('recorded')}</Badge>
        ) : (
          <Badge bg="secondary">{t('notRecorded')}</Badge>
        )}
        <Link
          to={`/dailyMealsReleases/create?date=${group.date}&institutionId=${group.institutionId}`}
          className="btn btn-sm btn-outline-primary ms-auto"
        >
          {group.recorded ? t('edit') : t('record')}
        </Link>
      </h2>
      <div className="table-responsive">
        <Table size="sm" bordered aria-label={group.institutionName}>
          <thead>
            <tr>
              <th>{t('fields.mealType')}</th>
              <th>{t('fields.diet')}</th>
              <th className="text-end">{t('fields.ordered')}</th>
              <th className="text-end">{t('fields.released')}</th>
              <th className="text-end">{t('fields.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={`${row.mealTypeId}-${row.dietId}`} className={group.recorded ? ROW_CLASS[differenceKind(row.difference)] : ''}>
                <td>{row.mealTypeName}</td>
                <td>{row.dietName}</td>
                <td className="text-end">{row.ordered}</td>
                <td className="text-end">{group.recorded ? row.released : '—'}</td>
                <td className="text-end">{group.recorded ? signed(row.difference) : '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>{t('total')}</th>
              <th className="text-end">{group.ordered}</th>
              <th className="text-end">{group.recorded ? group.released : '—'}</th>
              <th className="text-end">{group.recorded ? signed(group.difference) : '—'}</th>
            </tr>
          </tfoot>
        </Table>
      </div>
    </div>
  );
}

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}
