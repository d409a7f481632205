import { Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove, useAskRemoval } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { allergenLabel, useAllergenOptions } from '@/lib/allergens/allergen-options';
import { mealList, meals, useBulkDeleteMeals, type MealListItem } from '../api/meals';

/** `/meals`: search, allergen filters, sort; copy, edit and (bulk) delete for admins and menu editors. */
export function MealsPage() {
  const { t } = useTranslation(['meals', 'common', 'routes']);
  const { user } = useSession();
  const canEdit = user !== undefined && hasAbility(user, 'menu.edit');
  const table = useTableState({ filters: ['allergenId', 'withoutAllergenId'], defaultSort: 'name' });
  const list = mealList.useList(table.params);
  const allergens = useAllergenOptions();
  const remove = useConfirmedRemove(meals);
  const bulkDelete = useBulkDeleteMeals();
  const askRemoval = useAskRemoval();

  const removeSelected = async (selected: MealListItem[], clearSelection: () => void) => {
    const confirmed = await askRemoval(
      t('bulkDelete.body', { count: selected.length, names: selected.map((meal) => meal.name).join(', ') }),
    );
    if (!confirmed) return;
    try {
      await bulkDelete.mutateAsync(selected.map((meal) => meal.id));
    } catch {
      return; // the query client shows the refusal, naming the meals that are on a menu
    }
    clearSelection();
    notify({ type: 'success', message: t('bulkDelete.done', { count: selected.length }) });
  };

  const columns: Column<MealListItem>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortKey: 'name',
      cell: (row) => (
        <>
          <div>{row.name}</div>
          {row.description && <div className="small text-body-secondary">{row.description}</div>}
        </>
      ),
    },
    { key: 'kcal', header: t('fields.kcal'), sortKey: 'kcal', cell: (row) => row.kcal ?? '', className: 'text-end text-nowrap' },
    {
      key: 'allergens',
      header: t('fields.allergens'),
      cell: (row) => (
        <div className="d-flex flex-wrap gap-1">
          {row.allergens.map((allergen) => (
            <Badge key={allergen.id} bg="warning" text="dark">
              {allergenLabel(allergen)}
            </Badge>
          ))}
        </div>
      ),
    },
    { key: 'ingredients', header: t('fields.ingredientsCount'), cell: (row) => row.ingredientsCount, className: 'text-end' },
    { key: 'menus', header: t('fields.menusCount'), cell: (row) => row.menusCount, className: 'text-end' },
  ];
  const title = t('routes:areas.meals');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Link to="/meals/create/meal" className="btn btn-primary">
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
              label={t('filters.with')}
              value={table.filters.allergenId ?? ''}
              options={allergens.options}
              onChange={(value) => table.setFilter('allergenId', value)}
            />
            <FilterSelect
              label={t('filters.without')}
              value={table.filters.withoutAllergenId ?? ''}
              options={allergens.options}
              onChange={(value) => table.setFilter('withoutAllergenId', value)}
            />
          </>
        }
        rowActions={
          canEdit
            ? (row) => (
                <div className="d-inline-flex gap-1">
                  <Link
                    to={`/meals/create/meal/${row.id}`}
                    className="btn btn-sm btn-outline-secondary"
                    aria-label={t('copyNamed', { name: row.name })}
                  >
                    {t('copy')}
                  </Link>
                  <RowActions name={row.name} editTo={`/meals/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
                </div>
              )
            : undefined
        }
        bulkActions={
          canEdit
            ? (selected, clearSelection) => (
                <Button size="sm" variant="danger" onClick={() => void removeSelected(selected, clearSelection)}>
                  {t('bulkDelete.button')}
                </Button>
              )
            : undefined
        }
      />
    </section>
  );
}
