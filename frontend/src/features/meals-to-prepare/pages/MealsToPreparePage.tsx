import { Fragment } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDate, formatDecimal } from '@/lib/format';
import {
  downloadMealsToPrepare,
  useMealsToPrepare,
  type AllergenClash,
  type MealsToPrepare,
  type MealsToPrepareFilters,
} from '../api/meals-to-prepare';

/**
 * `/mealsToPrepare` (admin, institutions admin, cook): what the kitchen cooks on a day (tomorrow unless chosen), per
 * meal type → dish → diet → portion size with totals, the ingredients it needs, and the same as XLSX or PDF. Above
 * the counts, the receivers whose dish contains one of their allergens (nothing when there are none: the counts'
 * "no dish in the menu" rows already say where nobody knows yet).
 * The filters live in the URL.
 */
export function MealsToPreparePage() {
  const { t, i18n } = useTranslation(['mealsToPrepare', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') || addDays(todayIso(), 1);
  const kitchenId = searchParams.get('kitchenId') ?? '';
  const institutionId = searchParams.get('institutionId') ?? '';
  const kitchens = useStaffOptions('kitchens/options');
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const filters: MealsToPrepareFilters = {
    date,
    ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}),
    ...(institutionId ? { institutionsIds: institutionId } : {}),
  };
  const result = useMealsToPrepare(filters);
  const setFilter = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const download = (format: 'xlsx' | 'pdf') =>
    void downloadMealsToPrepare(format, filters).catch(() => notify({ type: 'error', message: t('downloadFailed') }));
  const title = t('routes:areas.mealsToPrepare');

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.date')} value={date} onChange={(value) => setFilter('date', value)} />
        <FilterSelect label={t('fields.kitchen')} value={kitchenId} options={kitchens.data ?? []} onChange={(value) => setFilter('kitchenId', value)} />
        <FilterSelect
          label={t('fields.institution')}
          value={institutionId}
          options={institutions.data ?? []}
          onChange={(value) => setFilter('institutionId', value)}
        />
        <div className="ms-auto d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => download('xlsx')}>
            {t('downloadXlsx')}
          </Button>
          <Button variant="outline-secondary" onClick={() => download('pdf')}>
            {t('downloadPdf')}
          </Button>
        </div>
      </div>
      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : !result.data || result.data.portions === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('empty', { date: formatDate(date, i18n.language) })}</p>
      ) : (
        <MealsToPrepareTables data={result.data} />
      )}
      {/* Panels other features hang under this page (the kitchen's transport), reading the same URL filters. */}
      <Outlet />
    </section>
  );
}

function MealsToPrepareTables({ data }: { data: MealsToPrepare }) {
  const { t, i18n } = useTranslation('mealsToPrepare');
  return (
    <>
      {data.allergenClashes.length > 0 && <AllergenClashes clashes={data.allergenClashes} />}
      <div className="table-responsive mb-4">
        <Table size="sm" bordered aria-label={t('portionsTable')}>
          <thead>
            <tr>
              <th>{t('fields.mealType')}</th>
              <th>{t('fields.dish')}</th>
              <th>{t('fields.diet')}</th>
              <th>{t('fields.portionSize')}</th>
              <th className="text-end">{t('fields.portions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.mealTypes.map((mealType) => (
              <Fragment key={mealType.id}>
                <tr className="table-light">
                  <th scope="rowgroup" colSpan={4}>
                    {mealType.name}
                  </th>
                  <td className="text-end fw-semibold">{mealType.portions}</td>
                </tr>
                {mealType.dishes.map((dish) => (
                  <Fragment key={dish.id ?? 'none'}>
                    <tr>
                      <td />
                      <td colSpan={3} className="fw-semibold">
                        {dish.name ?? t('noDish')}
                      </td>
                      <td className="text-end fw-semibold">{dish.portions}</td>
                    </tr>
                    {dish.diets.flatMap((diet) =>
                      diet.portionSizes.map((size) => (
                        <tr key={`${diet.id}-${size.id}`}>
                          <td />
                          <td />
                          <td>{diet.name}</td>
                          <td>{size.name}</td>
                          <td className="text-end">{size.portions}</td>
                        </tr>
                      )),
                    )}
                  </Fragment>
                ))}
              </Fragment>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={4}>{t('total')}</th>
              <th className="text-end">{data.portions}</th>
            </tr>
          </tfoot>
        </Table>
      </div>
      <h2 className="h5">{t('ingredientsTable')}</h2>
      {data.ingredients.length === 0 ? (
        <p className="text-body-secondary">{t('noIngredients')}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered aria-label={t('ingredientsTable')}>
            <thead>
              <tr>
                <th>{t('fields.ingredient')}</th>
                <th className="text-end">{t('fields.quantity')}</th>
                <th>{t('fields.unit')}</th>
              </tr>
            </thead>
            <tbody>
              {data.ingredients.map((ingredient) => (
                <tr key={ingredient.id}>
                  <td>{ingredient.name}</td>
                  <td className="text-end">{formatDecimal(ingredient.quantity, i18n.language)}</td>
                  <td>{ingredient.unit}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}

/** Who must not get the dish they ordered: one row per receiver and meal, the clashing allergens in bold. */
function AllergenClashes({ clashes }: { clashes: AllergenClash[] }) {
  const { t } = useTranslation('mealsToPrepare');
  return (
    <Alert variant="danger" className="mb-4">
      <h2 className="h5">{t('clashes.title')}</h2>
      <p className="mb-2">{t('clashes.intro')}</p>
      <div className="table-responsive">
        <Table size="sm" bordered className="mb-0 bg-white" aria-label={t('clashes.table')}>
          <thead>
            <tr>
              <th>{t('clashes.name')}</th>
              <th>{t('fields.institution')}</th>
              <th>{t('clashes.classroom')}</th>
              <th>{t('fields.mealType')}</th>
              <th>{t('fields.dish')}</th>
              <th>{t('clashes.allergens')}</th>
            </tr>
          </thead>
          <tbody>
            {clashes.map((clash) => (
              <tr key={clash.itemId}>
                <td>{`${clash.firstName} ${clash.lastName}`.trim()}</td>
                <td>{clash.institution.name}</td>
                <td>{clash.classroom?.name ?? t('clashes.worker')}</td>
                <td>{clash.mealType.name}</td>
                <td>{clash.dishes.join(', ')}</td>
                <td className="fw-bold text-danger">{clash.allergens.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </Alert>
  );
}
