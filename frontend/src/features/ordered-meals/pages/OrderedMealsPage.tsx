import { Fragment } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { EmptyState } from '@/components/EmptyState';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { useCountGroupedByDates, type OrderFilters } from '@/lib/orders/orders';
import { formatDate } from '@/lib/format';

/** `/orderedMeals` (admin, institutions admin): live meals per day × meal type × diet, filtered in the URL. */
export function OrderedMealsPage() {
  const { t, i18n } = useTranslation(['orderedMeals', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const dateFrom = searchParams.get('dateFrom') ?? todayIso();
  const dateTo = searchParams.get('dateTo') ?? addDays(dateFrom, 6);
  const institutionId = searchParams.get('institutionId') ?? '';
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const filters: OrderFilters = { dateFrom, dateTo, search: '', ...(institutionId ? { institutionId: Number(institutionId) } : {}) };
  const rangeValid = dateTo >= dateFrom;
  const days = useCountGroupedByDates(filters, rangeValid);
  const setFilter = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const title = t('routes:areas.orderedMeals');
  const total = (days.data ?? []).reduce((sum, day) => sum + day.count, 0);

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterSelect
          label={t('fields.institution')}
          value={institutionId}
          options={institutions.data ?? []}
          onChange={(value) => setFilter('institutionId', value)}
        />
        <FilterDate label={t('fields.dateFrom')} value={dateFrom} onChange={(value) => setFilter('dateFrom', value)} />
        <FilterDate label={t('fields.dateTo')} value={dateTo} onChange={(value) => setFilter('dateTo', value)} />
      </div>
      {!rangeValid ? (
        <Alert variant="warning">{t('invalidRange')}</Alert>
      ) : days.isPending ? (
        <LoadingSpinner />
      ) : days.isError && !days.data ? (
        <QueryError error={days.error} onRetry={days.refetch} />
      ) : !days.data || days.data.length === 0 ? (
        <EmptyState filtered />
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered aria-label={title}>
            <thead>
              <tr>
                <th>{t('fields.date')}</th>
                <th>{t('fields.mealType')}</th>
                <th>{t('fields.diet')}</th>
                <th className="text-end">{t('fields.count')}</th>
              </tr>
            </thead>
            <tbody>
              {days.data.map((day) => (
                <Fragment key={day.date}>
                  {day.mealTypes.flatMap((mealType) =>
                    mealType.diets.map((diet) => (
                      <tr key={`${mealType.id}-${diet.id}`}>
                        <td className="text-nowrap">{formatDate(day.date, i18n.language)}</td>
                        <td>{mealType.name}</td>
                        <td>{diet.name}</td>
                        <td className="text-end">{diet.count}</td>
                      </tr>
                    )),
                  )}
                  <tr className="table-light">
                    <th scope="row" colSpan={3}>
                      {t('dayTotal')} {formatDate(day.date, i18n.language)}
                    </th>
                    <td className="text-end fw-semibold">{day.count}</td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={4} className="text-end">
                  {t('total', { count: total })}
                </th>
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
    </section>
  );
}
