import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { allergenGroups } from '../api/allergen-groups';
import { allergens, type Allergen } from '@/lib/allergens/allergens';
import { allergenForm } from '../components/allergen-form';

export function AllergensPage() {
  const { t } = useTranslation(['allergens', 'common', 'routes']);
  const table = useTableState({ filters: ['group'], defaultSort: 'number' });
  const list = allergens.useList(table.params);
  const groups = allergenGroups.useOptions();
  const modal = useEntityModal();
  const remove = useConfirmedRemove(allergens);

  const columns: Column<Allergen>[] = [
    { key: 'number', header: t('fields.number'), sortKey: 'number', cell: (row) => row.number ?? '', className: 'text-nowrap' },
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'group', header: t('fields.group'), cell: (row) => row.groupName ?? '' },
  ];
  const title = t('routes:areas.allergens');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.group')}
            value={table.filters.group ?? ''}
            options={groups.data ?? []}
            onChange={(value) => table.setFilter('group', value)}
          />
        }
        rowActions={(row) => (
          <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
      <EntityFormModal form={allergenForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
