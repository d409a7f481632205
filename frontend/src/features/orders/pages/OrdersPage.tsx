import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '@/components/confirm-context';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { useSession } from '@/features/session/session-context';
import { useBulkCancelOrders, useOrdersList, type OrderListItem } from '../api/orders';
import { FilterDate } from '../components/FilterDate';
import { formatDay, formatPrice } from '../components/format';
import { OrdersTotals } from '../components/OrdersTotals';
import { StatusBadge } from '../components/StatusBadge';

const FILTERS = ['dateFrom', 'dateTo', 'status', 'kind'] as const;

/** `/orders` (admin, institutions admin): every visible order, filtered in the URL, with totals and bulk cancel. */
export function OrdersPage() {
  const { t, i18n } = useTranslation(['orders', 'routes']);
  const { user } = useSession();
  const abilities = user?.abilities ?? [];
  const canCreate = abilities.includes('orders.create');
  const canCancel = abilities.includes('orders.cancel');
  const table = useTableState({ filters: FILTERS });
  const list = useOrdersList(table.params);
  const bulkCancel = useBulkCancelOrders();
  const confirm = useConfirm();
  const language = i18n.language;

  const dates = (row: OrderListItem) => {
    if (!row.dateFrom) return '—';
    const from = formatDay(row.dateFrom, language);
    return row.dateTo && row.dateTo !== row.dateFrom ? `${from} – ${formatDay(row.dateTo, language)}` : from;
  };
  const columns: Column<OrderListItem>[] = [
    { key: 'id', header: t('fields.number'), cell: (row) => <Link to={`/orders/${row.id}`}>{row.id}</Link> },
    { key: 'payer', header: t('fields.payer'), cell: (row) => row.payer.name },
    { key: 'receivers', header: t('fields.receivers'), cell: (row) => row.subjectNames.join(', ') },
    { key: 'dates', header: t('fields.dates'), cell: dates, className: 'text-nowrap' },
    { key: 'meals', header: t('fields.meals'), cell: (row) => t('mealsCount', { active: row.activeItemsCount, count: row.itemsCount }) },
    { key: 'amount', header: t('fields.amount'), cell: (row) => formatPrice(row.grossAmount, language), className: 'text-end text-nowrap' },
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

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canCreate ? (
            <Link className="btn btn-primary" to="/orders/create">
              {t('create')}
            </Link>
          ) : undefined
        }
      />
      <OrdersTotals params={table.params} />
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
          canCancel
            ? (selected, clear) => (
                <Button size="sm" variant="outline-danger" disabled={bulkCancel.isPending} onClick={() => void cancelSelected(selected, clear)}>
                  {t('bulkCancel')}
                </Button>
              )
            : undefined
        }
      />
    </section>
  );
}
