import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { institutionsWorkers, useWorkersGroupOptions, type InstitutionWorker } from '../api/institutions-workers';
import { StatusBadge } from '@/components/people/PersonActions';

const STATUSES = ['active', 'inactive', 'archived'] as const;

/** `/institutionsWorkers` (also `?userId=` from other screens: the worker of one user account). */
export function WorkersPage() {
  const { t } = useTranslation(['institutionsWorkers', 'routes']);
  const table = useTableState({ filters: ['status', 'institutionId', 'groupId', 'userId'], defaultSort: 'lastName' });
  const list = institutionsWorkers.useList(table.params);
  const institutions = useInstitutionOptions(true);
  const groups = useWorkersGroupOptions();
  const remove = useConfirmedRemove(institutionsWorkers);

  const fullName = (row: InstitutionWorker) => `${row.firstName} ${row.lastName}`;
  const columns: Column<InstitutionWorker>[] = [
    {
      key: 'lastName',
      header: t('fields.name'),
      sortKey: 'lastName',
      cell: (row) => <Link to={`/institutionsWorkers/${row.id}`}>{`${row.lastName} ${row.firstName}`}</Link>,
    },
    { key: 'emailAddress', header: t('fields.emailAddress'), sortKey: 'emailAddress', cell: (row) => row.emailAddress },
    { key: 'institution', header: t('fields.institution'), sortKey: 'institutionName', cell: (row) => row.institutionName },
    { key: 'group', header: t('fields.group'), sortKey: 'groupName', cell: (row) => row.groupName ?? '—' },
    { key: 'cardNumber', header: t('fields.cardNumber'), sortKey: 'cardNumber', cell: (row) => row.cardNumber ?? '—' },
    { key: 'status', header: t('fields.status'), cell: (row) => <StatusBadge status={row.status} /> },
  ];
  const title = t('routes:areas.institutionsWorkers');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/institutionsWorkers/create" className="btn btn-primary">
            {t('create')}
          </Link>
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
              options={STATUSES.map((status) => ({ value: status, text: t(`status.${status}`) }))}
              onChange={(value) => table.setFilter('status', value)}
            />
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions.data ?? []}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
            <FilterSelect
              label={t('fields.group')}
              value={table.filters.groupId ?? ''}
              options={(groups.data ?? []).map((group) => ({ value: group.value, text: group.text }))}
              onChange={(value) => table.setFilter('groupId', value)}
            />
          </>
        }
        rowActions={(row) => (
          <RowActions
            name={fullName(row)}
            editTo={`/institutionsWorkers/${row.id}/edit`}
            onRemove={() => void remove(row.id, fullName(row))}
          />
        )}
      />
    </section>
  );
}
