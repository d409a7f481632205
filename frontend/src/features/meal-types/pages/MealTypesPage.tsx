import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { portionSizes } from '@/lib/portion-sizes/portion-sizes';
import { useAction } from '@/lib/crud';
import { mealTypeCategories } from '../api/meal-type-categories';
import { MARK_MEAL_TYPE_AS_DEFAULT, mealTypes, type MealType } from '../api/meal-types';
import { InstitutionAvailability } from '../components/InstitutionAvailability';
import { mealTypeForm } from '../components/meal-type-form';

export function MealTypesPage() {
  const { t } = useTranslation(['mealTypes', 'common', 'routes']);
  const table = useTableState({ filters: ['categoryId'], defaultSort: 'position' });
  const list = mealTypes.useList(table.params);
  const categories = mealTypeCategories.useOptions();
  const portions = portionSizes.useOptions();
  const modal = useEntityModal();
  const remove = useConfirmedRemove(mealTypes);
  const markAsDefault = useAction(MARK_MEAL_TYPE_AS_DEFAULT, { invalidates: [mealTypes.key] });
  const portionNames = new Map((portions.data ?? []).map((option) => [option.value, option.text]));

  const onMarkAsDefault = async (row: MealType) => {
    try {
      await markAsDefault.mutateAsync({ params: { id: row.id } });
      notify({ type: 'success', message: t('markedAsDefault', { name: row.name }) });
    } catch {
      // The query client toasts the refusal.
    }
  };

  const columns: Column<MealType>[] = [
    { key: 'position', header: t('fields.position'), sortKey: 'position', cell: (row) => row.position, className: 'text-nowrap' },
    {
      key: 'name',
      header: t('fields.name'),
      sortKey: 'name',
      cell: (row) => (
        <>
          {row.name}
          {row.description && <div className="small text-body-secondary">{row.description}</div>}
        </>
      ),
    },
    { key: 'category', header: t('fields.category'), cell: (row) => row.categoryName ?? t('noCategory') },
    {
      key: 'portionSizes',
      header: t('fields.portionSizes'),
      cell: (row) => row.portionSizesIds.map((id) => portionNames.get(id) ?? `#${id}`).join(', '),
    },
    {
      key: 'flags',
      header: t('fields.flags'),
      cell: (row) => (
        <div className="d-flex flex-wrap gap-1">
          {row.isDefault && <Badge bg="success">{t('default')}</Badge>}
          {row.blockOnRegistration && <Badge bg="info">{t('blockedOnRegistration')}</Badge>}
        </div>
      ),
    },
  ];
  const title = t('routes:areas.mealTypes');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.category')}
            value={table.filters.categoryId ?? ''}
            options={categories.data ?? []}
            onChange={(value) => table.setFilter('categoryId', value)}
          />
        }
        rowActions={(row) => (
          <div className="d-inline-flex flex-wrap gap-1">
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
      <EntityFormModal form={mealTypeForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
      <InstitutionAvailability />
    </section>
  );
}
