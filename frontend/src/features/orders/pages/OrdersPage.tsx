import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-context';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { ExportMenu } from '@/components/ExportMenu';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { useSession } from '@/lib/session/session-context';
import { ApiError } from '@/api/client';
import { exportOrders, printOrdersLabels } from '../api/order-files';
import { useOrderMealTypes } from '../api/order-meal-types';
import { filtersOnly, useBulkCancelOrders, useOrdersList, type OrderListItem } from '@/lib/orders/orders';
import { formatDate, formatMoney } from '@/lib/format';
import { OrdersSummary } from '../components/OrdersSummary';
import { OrdersTotals } from '../components/OrdersTotals';
import { StatusBadge } from '../components/StatusBadge';

const FILTERS = ['dateFrom', 'dateTo', 'institutionId', 'subjectType', 'mealTypeId', 'status', 'kind'] as const;

/**
 * `/orders` (admin, institutions admin): every visible order, filtered in the URL, with totals, the kitchen's
 * summary per day and meal type, export of the filtered list and bulk cancel.
 */
export function OrdersPage() {
  const { t, i18n } = useTranslation(['orders', 'routes']);
  const { user } = useSession();
  const abilities = user?.abilities ?? [];
  const canCreate = abilities.includes('orders.create');
  const canCancel = abilities.includes('orders.cancel');
  const canPrintLabels = abilities.includes('kitchen.labels');
  const table = useTableState({ filters: FILTERS });
  const list = useOrdersList(table.params);
  const bulkCancel = useBulkCancelOrders();
  const confirm = useConfirm();
  const language = i18n.language;
  const filters = filtersOnly(table.params);
  const mealTypes = useOrderMealTypes(filters).data ?? [];
  const institutions = useInstitutionOptions(true).data ?? [];
  const [showSummary, setShowSummary] = useState(false);
  const [printing, setPrinting] = useState(false);

  const dates = (row: OrderListItem) => {
    if (!row.dateFrom) return '—';
    const from = formatDate(row.dateFrom, language);
    return row.dateTo && row.dateTo !== row.dateFrom ? `${from} – ${formatDate(row.dateTo, language)}` : from;
  };
  const columns: Column<OrderListItem>[] = [
    { key: 'id', header: t('fields.number'), cell: (row) => <Link to={`/orders/${row.id}`}>{row.id}</Link> },
    { key: 'payer', header: t('fields.payer'), cell: (row) => row.payer.name },
    { key: 'receivers', header: t('fields.receivers'), cell: (row) => row.subjectNames.join(', ') },
    { key: 'dates', header: t('fields.dates'), cell: dates, className: 'text-nowrap' },
    {
      key: 'meals',
      header: t('fields.meals'),
      cell: (row) =>
        [t('mealsCount', { active: row.activeItemsCount, count: row.itemsCount }), row.servedItemsCount > 0 ? t('servedCount', { count: row.servedItemsCount }) : null]
          .filter(Boolean)
          .join(' · '),
    },
    { key: 'amount', header: t('fields.amount'), cell: (row) => formatMoney(row.grossAmount, language), className: 'text-end text-nowrap' },
    { key: 'kind', header: t('fields.kind'), cell: (row) => t(`kind.${row.kind}`) },
    { key: 'status', header: t('fields.status'), cell: (row) => <StatusBadge status={row.status} /> },
  ];
  const title = t('routes:areas.orders');

  const cancelSelected = async (selected: OrderListItem[], clear: () => void) => {
    if (!(await confirm({ body: t('confirmBulkCancel', { count: selected.length }), variant: 'danger' }))) return;
    await bulkCancel.mutateAsync(selected.map((row) => row.id));
    clear();
    notify({ type: 'success', message: t('cancelled') });
  };

  const printLabels = async (selected: OrderListItem[]) => {
    setPrinting(true);
    try {
      await printOrdersLabels(selected.map((row) => row.id));
    } catch (error) {
      // The server's reason when it has one (e.g. no live meal left in the chosen orders).
      notify({ type: 'error', message: error instanceof ApiError && error.message ? error.message : t('printLabelsFailed') });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <>
            <Button variant="outline-secondary" aria-pressed={showSummary} onClick={() => setShowSummary((shown) => !shown)}>
              {showSummary ? t('summary.hide') : t('summary.show')}
            </Button>
            <ExportMenu onExport={(format) => exportOrders(format, filters)} />
            {canCreate && (
              <Link className="btn btn-primary" to="/orders/create">
                {t('create')}
              </Link>
            )}
          </>
        }
      />
      <OrdersTotals params={table.params} />
      {showSummary && <OrdersSummary filters={filters} />}
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterDate label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <FilterDate label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
            <FilterSelect
              label={t('fields.subjectType')}
              value={table.filters.subjectType ?? ''}
              options={[
                { value: 'child', text: t('subjectType.child') },
                { value: 'institution_worker', text: t('subjectType.institution_worker') },
              ]}
              onChange={(value) => table.setFilter('subjectType', value)}
            />
            <FilterSelect
              label={t('fields.mealType')}
              value={table.filters.mealTypeId ?? ''}
              options={mealTypes}
              onChange={(value) => table.setFilter('mealTypeId', value)}
            />
            <FilterSelect
              label={t('fields.status')}
              value={table.filters.status ?? ''}
              options={[
                { value: 'active', text: t('status.active') },
                { value: 'cancelled', text: t('status.cancelled') },
              ]}
              onChange={(value) => table.setFilter('status', value)}
            />
            <FilterSelect
              label={t('fields.kind')}
              value={table.filters.kind ?? ''}
              options={[
                { value: 'regular', text: t('kind.regular') },
                { value: 'prepaid', text: t('kind.prepaid') },
              ]}
              onChange={(value) => table.setFilter('kind', value)}
            />
          </>
        }
        rowActions={(row) => (
          <Link className="btn btn-sm btn-outline-primary" to={`/orders/${row.id}`} aria-label={t('detailsOf', { id: row.id })}>
            {t('details')}
          </Link>
        )}
        bulkActions={
          canCancel || canPrintLabels
            ? (selected, clear) => (
                <>
                  {canPrintLabels && (
                    <Button size="sm" variant="outline-secondary" disabled={printing} onClick={() => void printLabels(selected)}>
                      {printing ? t('printingLabels') : t('printLabels')}
                    </Button>
                  )}
                  {canCancel && (
                    <Button size="sm" variant="outline-danger" disabled={bulkCancel.isPending} onClick={() => void cancelSelected(selected, clear)}>
                      {t('bulkCancel')}
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
    </section>
  );
}
