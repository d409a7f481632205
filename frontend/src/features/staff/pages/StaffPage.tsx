import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { usePersonCommands } from '@/components/people/person-commands';
import { staffResources, type StaffKind, type StaffMember } from '../api/staff';
import { PersonActions, StatusBadge } from '@/components/people/PersonActions';
import { SetPasswordModal } from '@/components/people/SetPasswordModal';
import { staffForm } from '../components/staff-form';

/** The one list of every staff kind (administrators, cooks, institutions admins, ticket admins, report managers). */
export function StaffPage({ kind }: { kind: StaffKind }) {
  const { t } = useTranslation(['staff', 'routes']);
  const resource = staffResources[kind];
  const form = useMemo(() => staffForm(kind), [kind]);
  const table = useTableState({ filters: ['status'], defaultSort: 'lastName' });
  const list = resource.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(resource);
  const commands = usePersonCommands(kind, resource.key);
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);

  const columns: Column<StaffMember>[] = [
    { key: 'lastName', header: t('fields.lastName'), sortKey: 'lastName', cell: (row) => row.lastName },
    { key: 'firstName', header: t('fields.firstName'), sortKey: 'firstName', cell: (row) => row.firstName },
    { key: 'emailAddress', header: t('fields.emailAddress'), sortKey: 'email', cell: (row) => row.emailAddress },
    { key: 'phoneNumber', header: t('fields.phoneNumber'), cell: (row) => row.phoneNumber, className: 'text-nowrap' },
    ...(kind === 'institutionsAdmins'
      ? [
          {
            key: 'permissions',
            header: t('fields.permissions'),
            cell: (row: StaffMember) => (row.permissions ?? []).map((p) => t(`permissions.${p}`)).join(', '),
          },
        ]
      : []),
    { key: 'status', header: t('fields.status'), sortKey: 'isActive', cell: (row) => <StatusBadge status={row.status} /> },
  ];
  const title = t(`routes:areas.${kind}`);

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t(`create.${kind}`)}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.status')}
            value={table.filters.status ?? ''}
            options={(['active', 'inactive', 'archived'] as const).map((value) => ({ value, text: t(`status.${value}`) }))}
            onChange={(value) => table.setFilter('status', value)}
          />
        }
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            <RowActions name={row.fullName} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.fullName)} />
            <PersonActions person={row} commands={commands} onSetPassword={() => setPasswordFor({ id: row.id, name: row.fullName })} />
          </div>
        )}
      />
      <EntityFormModal form={form} state={modal} createTitle={t(`createTitle.${kind}`)} editTitle={t('editTitle')} />
      <SetPasswordModal person={passwordFor} commands={commands} onClose={() => setPasswordFor(null)} />
    </section>
  );
}
