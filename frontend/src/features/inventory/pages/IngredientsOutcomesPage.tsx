import { useState } from 'react';
import { Badge, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { useConfirm } from '@/components/confirm-context';
import { FormActionButton } from '@/components/FormActionButton';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { useStaffOptions } from '@/lib/calendar/options';
import { formatDate } from '@/lib/format';
import { ApiError } from '@/api/client';
import { useBookDay, useIngredientsOutcomes, type OutcomesFilters } from '../api/inventory';
import { formatQuantity, isNegative } from '../model/quantities';

/**
 * `/inventory/ingredients/outcomes` (admin): for a period and a kitchen, what the orders consume per ingredient
 * (grammage x portions), beside the outcomes recorded and the stock now; a day's consumption booked as production
 * outcomes after a confirmation (booking a day again changes nothing more). The filters live in the URL.
 */
export function IngredientsOutcomesPage() {
  const { t, i18n } = useTranslation(['inventory', 'routes']);
  const language = i18n.language;
  const [searchParams, setSearchParams] = useSearchParams();
  const tomorrow = addDays(todayIso(), 1);
  const dateFrom = searchParams.get('dateFrom') || tomorrow;
  const dateTo = searchParams.get('dateTo') || dateFrom;
  const kitchenId = searchParams.get('kitchenId') ?? '';
  const [bookDate, setBookDate] = useState('');
  const kitchens = useStaffOptions('kitchens/options');
  const filters: OutcomesFilters = { dateFrom, dateTo, ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}) };
  const outcomes = useIngredientsOutcomes(filters);
  const book = useBookDay();
  const confirm = useConfirm();
  const day = bookDate || dateFrom;
  const setParam = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const bookDay = async () => {
    const booked = outcomes.data?.bookedDays.includes(day) ?? false;
    const confirmed = await confirm({
      title: t('bookTitle'),
      body: t(booked ? 'bookAgainBody' : 'bookBody', { date: formatDate(day, language) }),
      confirmLabel: t('book'),
    });
    if (!confirmed) return;
    const body = { date: day, ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}) };
    try {
      notify({ type: 'success', message: t('bookedResult', await book.mutateAsync(body)) });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      const again = await confirm({ title: t('belowZeroTitle'), body: error.message, confirmLabel: t('bookAnyway'), variant: 'danger' });
      if (again) notify({ type: 'success', message: t('bookedResult', await book.mutateAsync({ ...body, allowNegative: true })) });
    }
  };
  const title = t('routes:areas.inventory_ingredients_outcomes');

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{t('outcomesIntro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.dateFrom')} value={dateFrom} onChange={(value) => setParam('dateFrom', value)} />
        <FilterDate label={t('fields.dateTo')} value={dateTo} onChange={(value) => setParam('dateTo', value)} />
        <FilterSelect label={t('fields.kitchen')} value={kitchenId} options={kitchens.data ?? []} onChange={(value) => setParam('kitchenId', value)} />
        <div className="ms-auto d-flex gap-2 align-items-end">
          <FilterDate label={t('fields.bookDate')} value={day} onChange={setBookDate} />
          <FormActionButton pending={book.isPending} onClick={() => void bookDay()}>
            {t('book')}
          </FormActionButton>
        </div>
      </div>
      {outcomes.data && outcomes.data.bookedDays.length > 0 && (
        <p>
          {t('bookedDays')}:{' '}
          {outcomes.data.bookedDays.map((booked) => (
            <Badge key={booked} bg="success" className="me-1">
              {formatDate(booked, language)}
            </Badge>
          ))}
        </p>
      )}
      {outcomes.isPending ? (
        <LoadingSpinner />
      ) : outcomes.isError && !outcomes.data ? (
        <QueryError error={outcomes.error} onRetry={outcomes.refetch} />
      ) : !outcomes.data || outcomes.data.ingredients.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('noOutcomes')}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered aria-label={title}>
            <thead>
              <tr>
                <th>{t('fields.ingredient')}</th>
                <th className="text-end">{t('fields.needed')}</th>
                <th className="text-end">{t('fields.booked')}</th>
                <th className="text-end">{t('fields.production')}</th>
                <th className="text-end">{t('reasons.waste')}</th>
                <th className="text-end">{t('reasons.other')}</th>
                <th className="text-end">{t('fields.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {outcomes.data.ingredients.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.name}</th>
                  {[row.needed, row.booked, row.production, row.waste, row.other].map((value, index) => (
                    <td key={index} className="text-end text-nowrap">
                      {formatQuantity(value, language)} {row.unit}
                    </td>
                  ))}
                  <td className={`text-end text-nowrap ${isNegative(row.stock) ? 'text-danger fw-semibold' : ''}`}>
                    {formatQuantity(row.stock, language)} {row.unit}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
