import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useStaffOptions } from '@/lib/calendar/options';
import { formatDate, formatDecimal } from '@/lib/format';
import { ingredients } from '@/lib/ingredients/ingredients';
import { OUTCOME_REASONS, turnovers, useTurnoverTotals, type InventoryTurnover, type TurnoverKind } from '../api/inventory';
import { VoidModal } from '../components/VoidModal';
import { formatQuantity } from '../model/quantities';

const FILTERS = ['ingredientId', 'kitchenId', 'dateFrom', 'dateTo', 'reason'] as const;

/**
 * `/inventory/incomes` and `/inventory/outcomes`: the deliveries or the issues, newest first, 20 a page, filtered by
 * ingredient, kitchen, dates (and reason), with the filtered totals. A row is corrected or voided, never removed.
 */
export function TurnoversPage({ kind }: { kind: TurnoverKind }) {
  const { t, i18n } = useTranslation(['inventory', 'routes']);
  const language = i18n.language;
  const table = useTableState({ filters: kind === 'income' ? FILTERS.slice(0, 4) : FILTERS, defaultSort: '-date' });
  const params = { ...table.params, kind };
  const list = turnovers.useList(params);
  const totals = useTurnoverTotals({ ...params, page: undefined, perPage: undefined, sort: undefined });
  const ingredientOptions = ingredients.useOptions();
  const kitchens = useStaffOptions('kitchens/options');
  const [voiding, setVoiding] = useState<InventoryTurnover | null>(null);
  const base = kind === 'income' ? '/inventory/incomes' : '/inventory/outcomes';
  const title = t(kind === 'income' ? 'routes:areas.inventory_incomes' : 'routes:areas.inventory_outcomes');

  const columns: Column<InventoryTurnover>[] = [
    { key: 'date', header: t('fields.date'), sortKey: 'date', cell: (row) => formatDate(row.date, language), className: 'text-nowrap' },
    {
      key: 'ingredient',
      header: t('fields.ingredient'),
      cell: (row) => (
        <>
          {row.ingredient.name}
          {row.voidedAt && (
            <Badge bg="secondary" className="ms-2" title={row.voidReason}>
              {t('voidedBadge')}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'quantity',
      header: t('fields.quantity'),
      sortKey: 'quantity',
      cell: (row) => `${formatQuantity(row.quantity, language)} ${row.ingredient.unit}`,
      className: 'text-end text-nowrap',
    },
    ...(kind === 'income'
      ? ([
          {
            key: 'unitPrice',
            header: t('fields.unitPrice'),
            cell: (row) => (row.unitPrice ? `${formatDecimal(row.unitPrice, language)} / ${t(`priceUnits.${row.ingredient.priceUnit}`)}` : '—'),
            className: 'text-end text-nowrap',
          },
          {
            key: 'netValue',
            header: t('fields.netValue'),
            sortKey: 'netValue',
            cell: (row) => (row.netValue ? formatDecimal(row.netValue, language) : '—'),
            className: 'text-end',
          },
          { key: 'supplier', header: t('fields.supplier'), cell: (row) => row.supplier },
          { key: 'documentNumber', header: t('fields.documentNumber'), cell: (row) => row.documentNumber },
        ] satisfies Column<InventoryTurnover>[])
      : ([
          {
            key: 'reason',
            header: t('fields.reason'),
            cell: (row) => (row.reason ? t(`reasons.${row.reason}`) : '') + (row.bookedFor ? ` (${t('booked')})` : ''),
          },
        ] satisfies Column<InventoryTurnover>[])),
    { key: 'kitchen', header: t('fields.kitchen'), cell: (row) => row.kitchen?.name ?? '—' },
    { key: 'note', header: t('fields.note'), cell: (row) => row.note },
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to={`${base}/create`} className="btn btn-primary">
            {t(kind === 'income' ? 'createIncome' : 'createOutcome')}
          </Link>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowClassName={(row) => (row.voidedAt ? 'text-decoration-line-through text-body-secondary' : undefined)}
        filters={
          <>
            <FilterSelect
              label={t('fields.ingredient')}
              value={table.filters.ingredientId ?? ''}
              options={ingredientOptions.data ?? []}
              onChange={(value) => table.setFilter('ingredientId', value)}
            />
            <FilterSelect
              label={t('fields.kitchen')}
              value={table.filters.kitchenId ?? ''}
              options={kitchens.data ?? []}
              onChange={(value) => table.setFilter('kitchenId', value)}
            />
            {kind === 'outcome' && (
              <FilterSelect
                label={t('fields.reason')}
                value={table.filters.reason ?? ''}
                options={OUTCOME_REASONS.map((reason) => ({ value: reason, text: t(`reasons.${reason}`) }))}
                onChange={(value) => table.setFilter('reason', value)}
              />
            )}
            <FilterDate label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <FilterDate label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
          </>
        }
        rowActions={(row) =>
          row.voidedAt ? null : (
            <div className="d-inline-flex gap-1">
              <Link
                to={`${base}/${row.id}/edit`}
                className="btn btn-sm btn-outline-primary"
                aria-label={t('common:crud.editNamed', { name: row.ingredient.name })}
              >
                {t('common:crud.edit')}
              </Link>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={t('voidNamed', { name: row.ingredient.name })}
                onClick={() => setVoiding(row)}
              >
                {t('void')}
              </Button>
            </div>
          )
        }
      />
      {totals.data && (
        <p className="mt-2" aria-label={t('totals')}>
          <strong>{t('totals')}:</strong> {t('totalsCount', { count: totals.data.count })}
          {kind === 'income' && <> · {t('totalsValue', { value: formatDecimal(totals.data.netValue, language) })}</>}
          {totals.data.quantity !== null && (
            <> · {t('totalsQuantity', { quantity: formatQuantity(totals.data.quantity, language), unit: totals.data.unit })}</>
          )}
        </p>
      )}
      <VoidModal row={voiding} onClose={() => setVoiding(null)} />
    </section>
  );
}
