import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { districts, type District } from '../api/districts';
import { districtForm } from '../components/district-form';

export function DistrictsPage() {
  const { t } = useTranslation(['districts', 'common', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = districts.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(districts);

  const columns: Column<District>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'institutionsCount',
      header: t('fields.institutionsCount'),
      sortKey: 'institutionsCount',
      className: 'text-end',
      cell: (row) => row.institutionsCount,
    },
  ];
  const title = t('routes:areas.districts');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowActions={(row) => (
          <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
      <EntityFormModal form={districtForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
