import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealFormPage = lazyPage(() => import('./pages/MealFormPage'), 'MealFormPage');
const MealsPage = lazyPage(() => import('./pages/MealsPage'), 'MealsPage');

export const routeElements: RouteElements = {
  'meals.list': <MealsPage />,
  'meals.create.meal': <MealFormPage mode="create" />,
  'meals.edit': <MealFormPage mode="edit" />,
};
