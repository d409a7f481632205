import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { institutionOptions, kitchens, type Kitchen } from '../api/kitchens';
import { KitchenIngredientsModal } from '../components/KitchenIngredientsModal';
import { kitchenForm } from '../components/kitchen-form';
import { useKitchenRemove } from '../components/use-kitchen-remove';

function address(kitchen: Kitchen): string {
  return [kitchen.street, [kitchen.postCode, kitchen.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function KitchensPage() {
  const { t } = useTranslation(['kitchens', 'common', 'routes']);
  const table = useTableState({ filters: ['isActive', 'institutionId'], defaultSort: 'name' });
  const list = kitchens.useList(table.params);
  const institutions = institutionOptions.useOptions();
  const modal = useEntityModal();
  const remove = useKitchenRemove();
  const [ingredientsOf, setIngredientsOf] = useState<Kitchen | null>(null);

  const columns: Column<Kitchen>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'address', header: t('fields.address'), sortKey: 'city', cell: address },
    {
      key: 'institutions',
      header: t('fields.institutions'),
      cell: (row) =>
        (row.institutionsMealTypes ?? [])
          .map((assignment) => t('institutionWithCount', { name: assignment.institutionName, count: assignment.mealTypeIds.length }))
          .join(', '),
    },
    {
      key: 'isActive',
      header: t('fields.status'),
      sortKey: 'isActive',
      cell: (row) => <Badge bg={row.isActive ? 'success' : 'secondary'}>{row.isActive ? t('active') : t('inactive')}</Badge>,
    },
  ];
  const title = t('routes:areas.kitchens');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.status')}
              value={table.filters.isActive ?? ''}
              options={[
                { value: 'true', text: t('active') },
                { value: 'false', text: t('inactive') },
              ]}
              onChange={(value) => table.setFilter('isActive', value)}
            />
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions.data ?? []}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
          </>
        }
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('ingredients.openNamed', { name: row.name })}
              onClick={() => setIngredientsOf(row)}
            >
              {t('ingredients.open')}
            </Button>
            <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row)} />
          </div>
        )}
      />
      <EntityFormModal form={kitchenForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
      <KitchenIngredientsModal key={ingredientsOf?.id ?? 0} kitchen={ingredientsOf} onHide={() => setIngredientsOf(null)} />
    </section>
  );
}
