import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { portionSizes, useMarkPortionSizeAsDefault, type PortionSize } from '@/lib/portion-sizes/portion-sizes';
import { portionSizeForm } from '../components/portion-size-form';

export function PortionSizesPage() {
  const { t } = useTranslation(['portionSizes', 'common', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = portionSizes.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(portionSizes);
  const markAsDefault = useMarkPortionSizeAsDefault();

  const onMarkAsDefault = async (row: PortionSize) => {
    try {
      await markAsDefault.mutateAsync(row.id);
      notify({ type: 'success', message: t('markedAsDefault', { name: row.name }) });
    } catch {
      // The query client toasts the refusal.
    }
  };

  const columns: Column<PortionSize>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'isDefault',
      header: t('fields.isDefault'),
      cell: (row) => (row.isDefault ? <Badge bg="success">{t('default')}</Badge> : ''),
    },
  ];
  const title = t('routes:areas.portionSizes');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            {!row.isDefault && (
              <Button
                size="sm"
                variant="outline-success"
                aria-label={t('markAsDefaultNamed', { name: row.name })}
                disabled={markAsDefault.isPending}
                onClick={() => void onMarkAsDefault(row)}
              >
                {t('markAsDefault')}
              </Button>
            )}
            <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
          </div>
        )}
      />
      <EntityFormModal form={portionSizeForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
