import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { priceListsGroups, type PriceListsGroup } from '@/lib/price-lists-groups/price-lists-groups';

const FLAG_FILTERS = ['defaultForChildren', 'defaultForInstitutionsWorkers', 'forGroupOrders'] as const;

export function PriceListsGroupsPage() {
  const { t } = useTranslation(['priceListsGroups', 'common', 'routes']);
  const table = useTableState({ filters: [...FLAG_FILTERS], defaultSort: 'name' });
  const list = priceListsGroups.useList(table.params);
  const remove = useConfirmedRemove(priceListsGroups);
  const yesNo = [
    { value: 'true', text: t('yes') },
    { value: 'false', text: t('no') },
  ];
  const flag = (value: boolean) => (value ? t('yes') : '');

  const columns: Column<PriceListsGroup>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'defaultForChildren', header: t('fields.defaultForChildren'), cell: (row) => flag(row.defaultForChildren) },
    {
      key: 'defaultForInstitutionsWorkers',
      header: t('fields.defaultForInstitutionsWorkers'),
      cell: (row) => flag(row.defaultForInstitutionsWorkers),
    },
    { key: 'forGroupOrders', header: t('fields.forGroupOrders'), cell: (row) => flag(row.forGroupOrders) },
  ];
  const title = t('routes:areas.priceListsGroups');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/priceListsGroups/create" className="btn btn-primary">
            {t('create')}
          </Link>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={FLAG_FILTERS.map((name) => (
          <FilterSelect
            key={name}
            label={t(`fields.${name}`)}
            value={table.filters[name] ?? ''}
            options={yesNo}
            onChange={(value) => table.setFilter(name, value)}
          />
        ))}
        rowActions={(row) => (
          <RowActions name={row.name} editTo={`/priceListsGroups/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
    </section>
  );
}
