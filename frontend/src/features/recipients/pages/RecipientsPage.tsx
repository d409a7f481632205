import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { recipientsLists, type RecipientsList } from '../api/recipients';
import { recipientsListForm } from '../components/recipients-form';

/** `/recipients` (administrators): saved audiences for announcements, and e-mail recipients for reports. */
export function RecipientsPage() {
  const { t } = useTranslation(['recipients', 'common', 'routes']);
  const table = useTableState({ defaultSort: 'name' });
  const list = recipientsLists.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(recipientsLists);

  const criteria = (row: RecipientsList) => {
    const parts: string[] = [];
    if (row.everyone) parts.push(t('everyone'));
    if (row.institutionIds?.length) parts.push(t('institutionsCount', { count: row.institutionIds.length }));
    if (row.classroomIds?.length) parts.push(t('classroomsCount', { count: row.classroomIds.length }));
    if (row.roles?.length) parts.push(row.roles.map((role) => t(`common:roles.${role}`)).join(', '));
    return parts.join('; ');
  };

  const columns: Column<RecipientsList>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'criteria', header: t('criteria'), cell: criteria },
    { key: 'members', header: t('fields.members'), cell: (row) => row.members.map((member) => member.fullName).join(', ') },
    { key: 'emails', header: t('fields.emails'), cell: (row) => (row.emails ?? []).join(', ') },
  ];
  const title = t('routes:areas.recipients');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <p className="text-body-secondary">{t('intro')}</p>
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowActions={(row) => (
          <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
      <EntityFormModal form={recipientsListForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
