import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { hasAbility } from '@/lib/session/get-current-user';
import { allergenLabel, useAllergenOptions } from '@/lib/allergens/allergen-options';
import { useSession } from '@/lib/session/session-context';
import { INGREDIENT_UNITS, ingredients, type Ingredient } from '@/lib/ingredients/ingredients';

/** `/inventory/ingredients`: search, filters by allergen and unit, sort; writes for admins and menu editors. */
export function IngredientsPage() {
  const { t } = useTranslation(['ingredients', 'routes']);
  const { user } = useSession();
  const canEdit = user !== undefined && hasAbility(user, 'menu.edit');
  const table = useTableState({ filters: ['allergenId', 'unit'], defaultSort: 'name' });
  const list = ingredients.useList(table.params);
  const allergens = useAllergenOptions();
  const remove = useConfirmedRemove(ingredients);
  const units = INGREDIENT_UNITS.map((unit) => ({ value: unit, text: t(`units.${unit}`) }));

  const columns: Column<Ingredient>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'unit', header: t('fields.unit'), sortKey: 'unit', cell: (row) => row.unit, className: 'text-nowrap' },
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
    { key: 'mealsCount', header: t('fields.mealsCount'), sortKey: 'mealsCount', cell: (row) => row.mealsCount, className: 'text-end' },
  ];
  const title = t('routes:areas.inventory_ingredients');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <>
              <Link to="/inventory/ingredients/import" className="btn btn-outline-primary">
                {t('import.open')}
              </Link>
              <Link to="/inventory/ingredients/create" className="btn btn-primary">
                {t('create')}
              </Link>
            </>
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
              label={t('fields.allergen')}
              value={table.filters.allergenId ?? ''}
              options={allergens.options}
              onChange={(value) => table.setFilter('allergenId', value)}
            />
            <FilterSelect
              label={t('fields.unit')}
              value={table.filters.unit ?? ''}
              options={units}
              onChange={(value) => table.setFilter('unit', value)}
            />
          </>
        }
        rowActions={
          canEdit
            ? (row) => (
                <RowActions
                  name={row.name}
                  editTo={`/inventory/ingredients/${row.id}/edit`}
                  onRemove={() => void remove(row.id, row.name)}
                />
              )
            : undefined
        }
      />
    </section>
  );
}
