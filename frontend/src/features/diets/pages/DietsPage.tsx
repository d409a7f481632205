import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { useAction } from '@/lib/crud';
import { dietCommand, diets, type Diet } from '../api/diets';
import { useInstitutionOptions } from '../api/institution-options';

const PRIORITY_SORT = 'priority';

export function DietsPage() {
  const { t } = useTranslation(['diets', 'common', 'routes']);
  const table = useTableState({ filters: ['institutionId'], defaultSort: PRIORITY_SORT });
  const list = diets.useList(table.params);
  const institutions = useInstitutionOptions();
  const remove = useConfirmedRemove(diets);
  const increase = useAction(dietCommand.increasePriority, { invalidates: [diets.key] });
  const decrease = useAction(dietCommand.decreasePriority, { invalidates: [diets.key] });
  const markAsDefault = useAction(dietCommand.markAsDefault, { invalidates: [diets.key] });
  const moving = increase.isPending || decrease.isPending;

  const institutionNames = new Map((institutions.data ?? []).map((option) => [option.value, option.text]));
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // Edges are known only when the whole priority order is on screen in its own order: then the first row
  // cannot go up and the last cannot go down. Elsewhere the server answers an edge move by moving nothing.
  const inPriorityOrder = table.sort === PRIORITY_SORT && !table.isFiltered;
  const isTop = (row: Diet) => inPriorityOrder && table.page === 1 && rows[0]?.id === row.id;
  const isBottom = (row: Diet) =>
    inPriorityOrder && (table.page - 1) * table.perPage + rows.length === total && rows.at(-1)?.id === row.id;

  const run = async (action: typeof increase, row: Diet, message: string) => {
    try {
      await action.mutateAsync({ params: { id: row.id } });
      notify({ type: 'success', message });
    } catch {
      // The query client toasts the refusal.
    }
  };

  const columns: Column<Diet>[] = [
    { key: 'priority', header: t('fields.priority'), sortKey: 'priority', cell: (row) => row.priority, className: 'text-nowrap' },
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'isDefault',
      header: t('fields.isDefault'),
      cell: (row) => (row.isDefault ? <Badge bg="success">{t('default')}</Badge> : ''),
    },
    {
      key: 'allowChangingAllergens',
      header: t('fields.allowChangingAllergens'),
      cell: (row) => (row.allowChangingAllergens ? t('yes') : t('no')),
    },
    {
      key: 'institutions',
      header: t('fields.institutions'),
      cell: (row) => {
        const ids = row.institutionsIds ?? [];
        return ids.length === 0 ? t('noInstitutions') : ids.map((id) => institutionNames.get(id) ?? `#${id}`).join(', ');
      },
    },
  ];
  const title = t('routes:areas.diets');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/diets/create" className="btn btn-primary">
            {t('create')}
          </Link>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.institution')}
            value={table.filters.institutionId ?? ''}
            options={institutions.data ?? []}
            onChange={(value) => table.setFilter('institutionId', value)}
          />
        }
        rowActions={(row) => (
          <div className="d-inline-flex flex-wrap gap-1">
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('moveUpNamed', { name: row.name })}
              title={t('moveUp')}
              disabled={moving || isTop(row)}
              onClick={() => void run(increase, row, t('movedUp', { name: row.name }))}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('moveDownNamed', { name: row.name })}
              title={t('moveDown')}
              disabled={moving || isBottom(row)}
              onClick={() => void run(decrease, row, t('movedDown', { name: row.name }))}
            >
              ↓
            </Button>
            {!row.isDefault && (
              <Button
                size="sm"
                variant="outline-success"
                aria-label={t('markAsDefaultNamed', { name: row.name })}
                disabled={markAsDefault.isPending}
                onClick={() => void run(markAsDefault, row, t('markedAsDefault', { name: row.name }))}
              >
                {t('markAsDefault')}
              </Button>
            )}
            <RowActions name={row.name} editTo={`/diets/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
          </div>
        )}
      />
    </section>
  );
}
