import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { allergenGroups, type AllergenGroup } from '../api/allergen-groups';
import { allergenGroupForm } from '../components/allergen-form';

export function AllergenGroupsPage() {
  const { t } = useTranslation(['allergens', 'common', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = allergenGroups.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(allergenGroups);

  const columns: Column<AllergenGroup>[] = [{ key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name }];
  const title = t('routes:areas.allergensGroups');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('groups.create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowActions={(row) => (
          <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
      <EntityFormModal
        form={allergenGroupForm}
        state={modal}
        createTitle={t('groups.createTitle')}
        editTitle={t('groups.editTitle')}
      />
    </section>
  );
}
