import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage, RowActions } from '@/components/crud';
import { useTableState, type Column } from '@/components/data-table';
import { workersGroups, type WorkersGroup } from '../api/workers-groups';
import { useRemoveWorkersGroup } from '../components/use-remove-workers-group';

/** `/institutionsWorkersGroups`. */
export function WorkersGroupsPage() {
  const { t } = useTranslation(['institutionsWorkersGroups', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = workersGroups.useList(table.params);
  const remove = useRemoveWorkersGroup();
  const columns: Column<WorkersGroup>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortKey: 'name',
      cell: (row) => <Link to={`/institutionsWorkersGroups/${row.id}`}>{row.name}</Link>,
    },
    { key: 'institution', header: t('fields.institution'), sortKey: 'institutionName', cell: (row) => row.institutionName ?? t('anyInstitution') },
    { key: 'priceListsGroup', header: t('fields.priceListsGroup'), cell: (row) => row.priceListsGroupName ?? '—' },
    { key: 'membersCount', header: t('fields.membersCount'), sortKey: 'membersCount', cell: (row) => row.membersCount },
  ];
  return (
    <ListPage
      title={t('routes:areas.institutionsWorkersGroups')}
      create={{ to: '/institutionsWorkersGroups/create', label: t('create') }}
      columns={columns}
      query={list}
      state={table}
      rowActions={(row) => <RowActions name={row.name} editTo={`/institutionsWorkersGroups/${row.id}/edit`} onRemove={() => void remove(row)} />}
    />
  );
}
