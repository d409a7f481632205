import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { districts } from '../api/districts';
import { INSTITUTION_KINDS, institutions, useSetInstitutionActive, type Institution } from '@/lib/institutions/institutions';

/** Admins manage institutions; institutions admins read the ones assigned to them (the server scopes the list). */
export function InstitutionsPage() {
  const { t } = useTranslation(['institutions', 'common', 'routes']);
  const { user } = useSession();
  const canManage = user !== undefined && hasAbility(user, 'catalog.manage');
  const table = useTableState({ filters: ['districtId', 'kind', 'active'], defaultSort: 'name' });
  const list = institutions.useList(table.params);
  const districtOptions = districts.useOptions();
  const remove = useConfirmedRemove(institutions);
  const confirm = useConfirm();
  const activate = useSetInstitutionActive(true);
  const deactivate = useSetInstitutionActive(false);

  const setActive = async (row: Institution, active: boolean) => {
    if (!active) {
      const confirmed = await confirm({
        title: t('deactivate.title'),
        body: t('deactivate.body', { name: row.name }),
        confirmLabel: t('deactivate.action'),
        variant: 'danger',
      });
      if (!confirmed) return;
    }
    try {
      await (active ? activate : deactivate).mutateAsync({ params: { id: row.id } });
    } catch {
      return; // the query client has shown the refusal
    }
    notify({ type: 'success', message: t(active ? 'activated' : 'deactivated', { name: row.name }) });
  };

  const kindOptions = INSTITUTION_KINDS.map((kind) => ({ value: kind, text: t(`kinds.${kind}`) }));
  const activeOptions = [
    { value: 'true', text: t('state.active') },
    { value: 'false', text: t('state.inactive') },
  ];
  const columns: Column<Institution>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'shortName', header: t('fields.shortName'), sortKey: 'shortName', cell: (row) => row.shortName, className: 'text-nowrap' },
    { key: 'kind', header: t('fields.kind'), sortKey: 'kind', cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'district', header: t('fields.district'), cell: (row) => row.districtName ?? '' },
    { key: 'city', header: t('fields.city'), sortKey: 'city', cell: (row) => row.city },
    {
      key: 'classroomsCount',
      header: t('fields.classroomsCount'),
      sortKey: 'classroomsCount',
      className: 'text-end',
      // The classrooms screen is the admin's; institutions admins see the number only.
      cell: (row) =>
        canManage ? (
          <Link to={`/classrooms?institutionId=${row.id}`} aria-label={t('classroomsOf', { name: row.name, count: row.classroomsCount })}>
            {row.classroomsCount}
          </Link>
        ) : (
          row.classroomsCount
        ),
    },
    {
      key: 'active',
      header: t('fields.active'),
      sortKey: 'isActive',
      cell: (row) => <Badge bg={row.active ? 'success' : 'secondary'}>{t(row.active ? 'state.active' : 'state.inactive')}</Badge>,
    },
  ];
  const title = t('routes:areas.institutions');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canManage && (
            <Link to="/institutions/create" className="btn btn-primary">
              {t('create')}
            </Link>
          )
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
              label={t('fields.district')}
              value={table.filters.districtId ?? ''}
              options={districtOptions.data ?? []}
              onChange={(value) => table.setFilter('districtId', value)}
            />
            <FilterSelect label={t('fields.kind')} value={table.filters.kind ?? ''} options={kindOptions} onChange={(value) => table.setFilter('kind', value)} />
            <FilterSelect
              label={t('fields.active')}
              value={table.filters.active ?? ''}
              options={activeOptions}
              onChange={(value) => table.setFilter('active', value)}
            />
          </>
        }
        rowActions={
          canManage
            ? (row) => (
                <div className="d-inline-flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant={row.active ? 'outline-secondary' : 'outline-success'}
                    aria-label={t(row.active ? 'deactivate.named' : 'activate.named', { name: row.name })}
                    onClick={() => void setActive(row, !row.active)}
                  >
                    {t(row.active ? 'deactivate.action' : 'activate.action')}
                  </Button>
                  <RowActions name={row.name} editTo={`/institutions/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
                </div>
              )
            : undefined
        }
      />
    </section>
  );
}
