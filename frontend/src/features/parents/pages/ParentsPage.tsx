import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { hasAbility } from '@/lib/session/get-current-user';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { useSession } from '@/lib/session/session-context';
import { usePersonCommands } from '@/components/people/person-commands';
import { PersonActions, StatusBadge } from '@/components/people/PersonActions';
import { SetPasswordModal } from '@/components/people/SetPasswordModal';
import { parents, useBulkPaymentsOverdue, type Parent } from '../api/parents';

export function ParentsPage() {
  const { t } = useTranslation(['parents', 'staff', 'routes']);
  const user = useSession().user;
  const canEdit = !!user && hasAbility(user, 'parents.edit');
  const canCreate = !!user && hasAbility(user, 'parents.create');
  const table = useTableState({ filters: ['status', 'institutionId', 'paymentsOverdue'], defaultSort: 'lastName' });
  const list = parents.useList(table.params);
  const institutions = useInstitutionOptions(true);
  const remove = useConfirmedRemove(parents);
  const commands = usePersonCommands('parents', parents.key);
  const bulk = useBulkPaymentsOverdue();
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);

  const flag = async (selected: Parent[], value: boolean, clear: () => void) => {
    try {
      await bulk.mutateAsync({ body: { usersIds: selected.map((row) => row.id), paymentsOverdue: value } });
      notify({ type: 'success', message: t('bulkDone', { count: selected.length }) });
      clear();
    } catch {
      // toasted by the query client; nothing changed (all or nothing)
    }
  };

  const columns: Column<Parent>[] = [
    {
      key: 'lastName',
      header: t('fields.name'),
      sortKey: 'lastName',
      cell: (row) => <Link to={`/parents/${row.id}`}>{`${row.lastName} ${row.firstName}`}</Link>,
    },
    { key: 'emailAddress', header: t('fields.emailAddress'), sortKey: 'email', cell: (row) => row.emailAddress },
    { key: 'phoneNumber', header: t('fields.phoneNumber'), cell: (row) => row.phoneNumber, className: 'text-nowrap' },
    { key: 'childrenCount', header: t('fields.childrenCount'), sortKey: 'childrenCount', cell: (row) => row.childrenCount },
    {
      key: 'paymentsOverdue',
      header: t('fields.paymentsOverdue'),
      sortKey: 'paymentsOverdue',
      cell: (row) => (row.paymentsOverdue ? <Badge bg="warning" text="dark">{t('overdue')}</Badge> : null),
    },
    { key: 'status', header: t('fields.status'), sortKey: 'isActive', cell: (row) => <StatusBadge status={row.status} /> },
  ];
  const title = t('routes:areas.parents');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canCreate ? (
            <Link to="/parents/create" className="btn btn-primary">
              {t('create')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.status')}
              value={table.filters.status ?? ''}
              options={(['active', 'inactive', 'archived'] as const).map((value) => ({ value, text: t(`staff:status.${value}`) }))}
              onChange={(value) => table.setFilter('status', value)}
            />
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={(institutions.data ?? []).map((option) => ({ value: String(option.value), text: option.text }))}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
            <FilterSelect
              label={t('fields.paymentsOverdue')}
              value={table.filters.paymentsOverdue ?? ''}
              options={[
                { value: 'true', text: t('yes') },
                { value: 'false', text: t('no') },
              ]}
              onChange={(value) => table.setFilter('paymentsOverdue', value)}
            />
          </>
        }
        bulkActions={
          canEdit
            ? (selected, clear) => (
                <>
                  <Button size="sm" onClick={() => void flag(selected, true, clear)}>
                    {t('bulkFlag')}
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => void flag(selected, false, clear)}>
                    {t('bulkClear')}
                  </Button>
                </>
              )
            : undefined
        }
        rowActions={(row) =>
          canEdit ? (
            <div className="d-inline-flex gap-1">
              <RowActions
                name={row.fullName}
                editTo={`/parents/${row.id}/edit`}
                onRemove={() => void remove(row.id, row.fullName)}
              />
              <PersonActions person={row} commands={commands} onSetPassword={() => setPasswordFor({ id: row.id, name: row.fullName })} />
            </div>
          ) : null
        }
      />
      <SetPasswordModal person={passwordFor} commands={commands} onClose={() => setPasswordFor(null)} />
    </section>
  );
}
