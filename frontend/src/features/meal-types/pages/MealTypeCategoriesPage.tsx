import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { mealTypeCategories, type MealTypeCategory } from '../api/meal-type-categories';
import { mealTypeCategoryForm } from '../components/meal-type-category-form';

export function MealTypeCategoriesPage() {
  const { t } = useTranslation(['mealTypes', 'common', 'routes']);
  const table = useTableState({ defaultSort: 'position' });
  const list = mealTypeCategories.useList(table.params);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(mealTypeCategories);

  const columns: Column<MealTypeCategory>[] = [
    { key: 'position', header: t('fields.position'), sortKey: 'position', cell: (row) => row.position, className: 'text-nowrap' },
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'mealTypes',
      header: t('categories.mealTypes'),
      cell: (row) =>
        row.mealTypes.length === 0 ? t('categories.noMealTypes') : row.mealTypes.map((mealType) => mealType.name).join(', '),
    },
  ];
  const title = t('routes:areas.mealTypesCategories');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('categories.create')}</Button>} />
      <p className="text-body-secondary">{t('categories.description')}</p>
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        rowActions={(row) => (
          <RowActions name={row.name} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.name)} />
        )}
      />
      <EntityFormModal
        form={mealTypeCategoryForm}
        state={modal}
        createTitle={t('categories.createTitle')}
        editTitle={t('categories.editTitle')}
      />
    </section>
  );
}
