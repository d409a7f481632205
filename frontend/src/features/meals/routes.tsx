import type { RouteElements } from '@/app/routes/route-elements';
import { MealFormPage } from './pages/MealFormPage';
import { MealsPage } from './pages/MealsPage';

export const routeElements: RouteElements = {
  'meals.list': <MealsPage />,
  'meals.create.meal': <MealFormPage mode="create" />,
  'meals.edit': <MealFormPage mode="edit" />,
};
