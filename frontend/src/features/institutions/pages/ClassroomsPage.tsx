import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { RowActions, useConfirmedRemove, useAskRemoval } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { classrooms, useBulkDeleteClassrooms, type Classroom } from '@/lib/institutions/classrooms';
import { useInstitutionOptions, useResetInstitutionClassrooms } from '@/lib/institutions/institutions';

export function ClassroomsPage() {
  const { t } = useTranslation(['classrooms', 'common', 'routes']);
  const table = useTableState({ filters: ['institutionId'], defaultSort: 'institution' });
  const list = classrooms.useList(table.params);
  const institutionOptions = useInstitutionOptions(true);
  const remove = useConfirmedRemove(classrooms);
  const confirm = useConfirm();
  const askRemoval = useAskRemoval();
  const bulkDelete = useBulkDeleteClassrooms();
  const reset = useResetInstitutionClassrooms();

  const institutionId = table.filters.institutionId ?? '';
  const institution = institutionOptions.data?.find((option) => String(option.value) === institutionId);

  const removeSelected = async (selected: Classroom[], clearSelection: () => void) => {
    const confirmed = await askRemoval(t('bulkDelete.body', { count: selected.length }));
    if (!confirmed) return;
    try {
      await bulkDelete.mutateAsync({ params: { ids: selected.map((row) => row.id).join(',') } });
    } catch {
      return; // nothing was deleted; the query client has shown which classrooms still have children
    }
    clearSelection();
    notify({ type: 'success', message: t('bulkDelete.done', { count: selected.length }) });
  };

  const resetInstitution = async () => {
    if (!institution) return;
    const confirmed = await confirm({
      title: t('reset.title'),
      body: t('reset.body', { name: institution.text }),
      confirmLabel: t('reset.action'),
      variant: 'danger',
    });
    if (!confirmed) return;
    try {
      await reset.mutateAsync({ params: { id: institution.value } });
    } catch {
      return;
    }
    notify({ type: 'success', message: t('reset.done', { name: institution.text }) });
  };

  const columns: Column<Classroom>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'institution', header: t('fields.institution'), sortKey: 'institution', cell: (row) => row.institution.name },
    { key: 'relatedPriceListsGroup', header: t('fields.relatedPriceListsGroup'), cell: (row) => row.relatedPriceListsGroup?.name ?? '' },
    {
      key: 'hasDefaultPriceListsGroupForMembers',
      header: t('fields.defaultForMembersShort'),
      cell: (row) => t(row.hasDefaultPriceListsGroupForMembers ? 'yes' : 'no'),
    },
    { key: 'childrenCount', header: t('fields.childrenCount'), sortKey: 'childrenCount', className: 'text-end', cell: (row) => row.childrenCount },
  ];
  const title = t('routes:areas.classrooms');
  const createTo = institutionId ? `/classrooms/create?institutionId=${institutionId}` : '/classrooms/create';

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <>
            {institution && (
              <Button variant="outline-danger" onClick={() => void resetInstitution()} disabled={reset.isPending}>
                {t('reset.action')}
              </Button>
            )}
            <Link to={createTo} className="btn btn-primary">
              {t('create')}
            </Link>
          </>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.institution')}
            value={institutionId}
            options={institutionOptions.data ?? []}
            onChange={(value) => table.setFilter('institutionId', value)}
          />
        }
        rowActions={(row) => (
          <RowActions name={row.name} editTo={`/classrooms/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
        )}
        bulkActions={(selected, clearSelection) => (
          <Button size="sm" variant="outline-danger" disabled={bulkDelete.isPending} onClick={() => void removeSelected(selected, clearSelection)}>
            {t('bulkDelete.action', { count: selected.length })}
          </Button>
        )}
      />
    </section>
  );
}
