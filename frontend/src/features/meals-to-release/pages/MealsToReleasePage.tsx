import { useState } from 'react';
import { Button, ButtonGroup, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { DEFAULT_PER_PAGE } from '@/components/data-table';
import { TablePagination } from '@/components/data-table/TablePagination';
import { addDays } from '@/lib/calendar/dates';
import { formatDate } from '@/lib/format';
import {
  useGroupedMealsToRelease,
  useMealByDates,
  useMealsToRelease,
  type DayFilters,
  type GroupedMealsToRelease,
  type ReleaseRowPage,
} from '../api/meals-to-release';
import { groupName } from '../components/group-name';
import { ReleaseFilters } from '../components/ReleaseFilters';
import { useReleaseFilters } from '../components/use-release-filters';

/**
 * `/mealsToRelease` (admin, institutions admin): what to hand over to each institution on a day (tomorrow unless
 * chosen): the flat, paged list of rows (institution, classroom or workers, meal type, diet, portion size), or grouped
 * by the menu's dish per institution; a dish opens its portions per date over the week from the day.
 */
export function MealsToReleasePage() {
  const { t, i18n } = useTranslation(['mealsToRelease', 'routes']);
  const { searchParams, date, kitchenId, institutionId, narrowing, setFilter } = useReleaseFilters();
  const grouped = searchParams.get('view') === 'grouped';
  const page = Number(searchParams.get('page')) || 1;
  const perPage = Number(searchParams.get('perPage')) || DEFAULT_PER_PAGE;
  const filters: DayFilters = { date, ...narrowing };
  const rows = useMealsToRelease({ ...filters, page, perPage }, !grouped);
  const dishes = useGroupedMealsToRelease(filters, grouped);
  const [meal, setMeal] = useState<{ id: number; name: string } | null>(null);
  const result = grouped ? dishes : rows;
  const empty = grouped ? (dishes.data?.institutions.length ?? 0) === 0 : (rows.data?.total ?? 0) === 0;

  return (
    <section>
      <PageHeader title={t('routes:areas.mealsToRelease')} />
      <p className="text-body-secondary">{t('intro')}</p>
      <ReleaseFilters
        dates={[{ label: t('fields.date'), value: date, name: 'date' }]}
        kitchenId={kitchenId}
        institutionId={institutionId}
        setFilter={setFilter}
        actions={
          <ButtonGroup aria-label={t('view')}>
            <Button variant={grouped ? 'outline-primary' : 'primary'} aria-pressed={!grouped} onClick={() => setFilter('view', '')}>
              {t('viewRows')}
            </Button>
            <Button variant={grouped ? 'primary' : 'outline-primary'} aria-pressed={grouped} onClick={() => setFilter('view', 'grouped')}>
              {t('viewGrouped')}
            </Button>
          </ButtonGroup>
        }
      />
      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : empty ? (
        <p className="text-center text-body-secondary my-4">{t('empty', { date: formatDate(date, i18n.language) })}</p>
      ) : grouped ? (
        <DishesTables data={dishes.data!} onMeal={setMeal} />
      ) : (
        <RowsTable
          data={rows.data!}
          onPage={(value) => setFilter('page', String(value))}
          onPerPage={(value) => setFilter('perPage', String(value))}
        />
      )}
      {meal && <MealByDatesModal meal={meal} filters={{ dateFrom: date, dateTo: addDays(date, 6), ...narrowing }} onClose={() => setMeal(null)} />}
    </section>
  );
}

function RowsTable({ data, onPage, onPerPage }: { data: ReleaseRowPage; onPage: (page: number) => void; onPerPage: (perPage: number) => void }) {
  const { t } = useTranslation('mealsToRelease');
  return (
    <>
      <div className="table-responsive">
        <Table size="sm" bordered striped aria-label={t('rowsTable')}>
          <thead>
            <tr>
              <th>{t('fields.institution')}</th>
              <th>{t('fields.group')}</th>
              <th>{t('fields.mealType')}</th>
              <th>{t('fields.diet')}</th>
              <th>{t('fields.portionSize')}</th>
              <th className="text-end">{t('fields.portions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={`${row.date}-${row.institution.id}-${row.group.kind}-${row.group.id}-${row.mealType.id}-${row.diet.id}-${row.portionSize.id}`}>
                <td>{row.institution.name}</td>
                <td>{groupName(row.group, t)}</td>
                <td>{row.mealType.name}</td>
                <td>{row.diet.name}</td>
                <td>{row.portionSize.name}</td>
                <td className="text-end">{row.portions}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <TablePagination id="meals-to-release" page={data.page} perPage={data.perPage} total={data.total} onPage={onPage} onPerPage={onPerPage} />
    </>
  );
}

function DishesTables({ data, onMeal }: { data: GroupedMealsToRelease; onMeal: (meal: { id: number; name: string }) => void }) {
  const { t } = useTranslation('mealsToRelease');
  return (
    <>
      {data.institutions.map((place) => (
        <div key={place.institution.id} className="mb-4">
          <h2 className="h5">
            {place.institution.name} <span className="text-body-secondary fw-normal">({t('portionsCount', { count: place.portions })})</span>
          </h2>
          <div className="table-responsive">
            <Table size="sm" bordered aria-label={place.institution.name}>
              <thead>
                <tr>
                  <th>{t('fields.mealType')}</th>
                  <th>{t('fields.dish')}</th>
                  <th>{t('fields.diets')}</th>
                  <th className="text-end">{t('fields.portions')}</th>
                </tr>
              </thead>
              <tbody>
                {place.dishes.map((dish) => (
                  <tr key={`${dish.mealType.id}-${dish.id ?? 'none'}`}>
                    <td>{dish.mealType.name}</td>
                    <td>
                      {dish.id !== null && dish.name ? (
                        <Button variant="link" className="p-0" onClick={() => onMeal({ id: dish.id!, name: dish.name! })}>
                          {dish.name}
                        </Button>
                      ) : (
                        t('noDish')
                      )}
                    </td>
                    <td>{dish.diets.map((diet) => `${diet.name}: ${diet.portionSizes.map((size) => `${size.name} ${size.portions}`).join(', ')}`).join('; ')}</td>
                    <td className="text-end">{dish.portions}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </div>
      ))}
    </>
  );
}

function MealByDatesModal({
  meal,
  filters,
  onClose,
}: {
  meal: { id: number; name: string };
  filters: { dateFrom: string; dateTo: string };
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('mealsToRelease');
  const result = useMealByDates(meal.id, filters);
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="meal-by-dates-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="meal-by-dates-title">{t('byDatesTitle', { name: meal.name })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary">
          {formatDate(filters.dateFrom, i18n.language)} – {formatDate(filters.dateTo, i18n.language)}
        </p>
        {result.isPending ? (
          <LoadingSpinner />
        ) : result.isError ? (
          <QueryError error={result.error} onRetry={result.refetch} />
        ) : result.data.dates.length === 0 ? (
          <p className="text-body-secondary">{t('byDatesEmpty')}</p>
        ) : (
          <Table size="sm" bordered aria-label={t('byDatesTable')}>
            <thead>
              <tr>
                <th>{t('fields.date')}</th>
                <th>{t('fields.institution')}</th>
                <th className="text-end">{t('fields.portions')}</th>
              </tr>
            </thead>
            <tbody>
              {result.data.dates.flatMap((day) =>
                day.institutions.map((place, index) => (
                  <tr key={`${day.date}-${place.id}`}>
                    <td>{index === 0 ? formatDate(day.date, i18n.language) : ''}</td>
                    <td>{place.name}</td>
                    <td className="text-end">{place.portions}</td>
                  </tr>
                )),
              )}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={2}>{t('total')}</th>
                <th className="text-end">{result.data.portions}</th>
              </tr>
            </tfoot>
          </Table>
        )}
      </Modal.Body>
    </Modal>
  );
}
