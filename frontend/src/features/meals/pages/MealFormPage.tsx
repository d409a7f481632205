import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '@/components/crud';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { portionSizes } from '@/lib/portion-sizes/portion-sizes';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { meals, type Meal, type MealRequest } from '../api/meals';
import { MealForm } from '../components/MealForm';
import { mealValues, type PortionSizeRef } from '../components/meal-form';

type Mode = 'create' | 'copy' | 'edit';

/**
 * `/meals/create/meal/{mealId?}` (a new meal, or a copy of `mealId` saved as a new one) and
 * `/meals/{mealId}/edit`.
 */
export function MealFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('meals');
  const navigate = useNavigate();
  const sourceId = parseRouteId(useParams().mealId);
  const actual: Mode = mode === 'edit' ? 'edit' : sourceId === null ? 'create' : 'copy';
  const sizes = portionSizes.useList({ perPage: OPTION_LIST_PER_PAGE, sort: 'name' });
  const source = meals.useDetail(sourceId);
  const create = meals.useCreate();
  const update = meals.useUpdate();
  const title = t(`titles.${actual}`);

  const save = async (body: MealRequest) => {
    if (actual === 'edit' && sourceId !== null) await update.mutateAsync({ id: sourceId, body });
    else await create.mutateAsync(body);
    notify({ type: 'success', message: t('common:crud.saved') });
    navigate('/meals');
  };

  const form = (refs: PortionSizeRef[], meal?: Meal) => (
    <MealForm
      sizes={refs}
      initial={mealValues(refs, meal, actual === 'copy' && meal ? t('copyName', { name: meal.name }) : undefined)}
      label={title}
      onSubmit={save}
      pending={create.isPending || update.isPending}
      onCancel={() => navigate('/meals')}
    />
  );

  return (
    <section>
      <PageHeader title={title} />
      <QueryState query={sizes}>
        {() => {
          // The default portion size first: it is the one menus show.
          const refs = [...(sizes.data?.items ?? [])]
            .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
            .map((size) => ({ id: size.id, name: size.name }));
          if (sourceId === null) return form(refs);
          return <QueryState query={source}>{() => form(refs, source.data)}</QueryState>;
        }}
      </QueryState>
    </section>
  );
}
