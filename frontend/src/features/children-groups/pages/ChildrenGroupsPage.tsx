import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListPage, RowActions } from '@/components/crud';
import { useTableState, type Column } from '@/components/data-table';
import { childrenGroups, type ChildrenGroup } from '../api/children-groups';
import { useRemoveChildrenGroup } from '../components/use-remove-children-group';

/** `/childrenGroups`. */
export function ChildrenGroupsPage() {
  const { t } = useTranslation(['childrenGroups', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = childrenGroups.useList(table.params);
  const remove = useRemoveChildrenGroup();
  const columns: Column<ChildrenGroup>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => <Link to={`/childrenGroups/${row.id}`}>{row.name}</Link> },
    {
      key: 'classrooms',
      header: t('fields.classrooms'),
      cell: (row) => row.classrooms.map((classroom) => `${classroom.institutionName} – ${classroom.name}`).join(', ') || '—',
    },
    { key: 'childrenCount', header: t('fields.childrenCount'), sortKey: 'childrenCount', cell: (row) => row.childrenCount },
  ];
  return (
    <ListPage
      title={t('routes:areas.childrenGroups')}
      create={{ to: '/childrenGroups/create', label: t('create') }}
      columns={columns}
      query={list}
      state={table}
      rowActions={(row) => <RowActions name={row.name} editTo={`/childrenGroups/${row.id}/edit`} onRemove={() => void remove(row)} />}
    />
  );
}
