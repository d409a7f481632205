import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId, RemoveButton } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { QueryState, SectionCard } from '@/components/SectionCard';
import { useWorkersGroupMembers, workersGroups, type InstitutionWorker, type WorkersGroup } from '../api/workers-groups';
import { useRemoveWorkersGroup } from '../components/use-remove-workers-group';

/** `/institutionsWorkersGroups/:itemId`: the group and its workers. */
export function WorkersGroupDetailsPage() {
  const { t } = useTranslation('institutionsWorkersGroups');
  const id = parseRouteId(useParams().itemId);
  const group = workersGroups.useDetail(id);
  if (id === null) return <p>{t('notFound')}</p>;
  return (
    <section>
      <QueryState query={group}>{() => group.data && <WorkersGroupDetails group={group.data} />}</QueryState>
    </section>
  );
}

function WorkersGroupDetails({ group }: { group: WorkersGroup }) {
  const { t } = useTranslation(['institutionsWorkersGroups', 'common']);
  const remove = useRemoveWorkersGroup();
  const table = useTableState();
  const members = useWorkersGroupMembers(group.id, { page: table.page, perPage: table.perPage });
  const columns: Column<InstitutionWorker>[] = [
    {
      key: 'name',
      header: t('members.name'),
      cell: (row) => <Link to={`/institutionsWorkers/${row.id}`}>{`${row.lastName} ${row.firstName}`}</Link>,
    },
    { key: 'emailAddress', header: t('members.emailAddress'), cell: (row) => row.emailAddress },
    { key: 'institution', header: t('fields.institution'), cell: (row) => row.institutionName },
    { key: 'cardNumber', header: t('members.cardNumber'), cell: (row) => row.cardNumber ?? '—' },
  ];
  return (
    <>
      <PageHeader
        title={group.name}
        actions={
          <>
            <Link to={`/institutionsWorkersGroups/${group.id}/edit`} className="btn btn-primary">
              {t('common:crud.edit')}
            </Link>
            <RemoveButton remove={() => remove(group)} thenGoTo="/institutionsWorkersGroups" />
          </>
        }
      />
      <SectionCard title={t('details')}>
        <dl className="row mb-0">
          <dt className="col-sm-4">{t('fields.institution')}</dt>
          <dd className="col-sm-8">{group.institutionName ?? t('anyInstitution')}</dd>
          <dt className="col-sm-4">{t('fields.priceListsGroup')}</dt>
          <dd className="col-sm-8">{group.priceListsGroupName ?? '—'}</dd>
        </dl>
      </SectionCard>
      <h2 className="h5">{t('members.title')}</h2>
      <DataTable label={t('members.title')} columns={columns} query={members} state={table} searchable={false} maxHeight={null} />
    </>
  );
}
