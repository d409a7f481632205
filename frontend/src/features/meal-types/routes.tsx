import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealTypeCategoriesPage = lazyPage(() => import('./pages/MealTypeCategoriesPage'), 'MealTypeCategoriesPage');
const MealTypesPage = lazyPage(() => import('./pages/MealTypesPage'), 'MealTypesPage');

export const routeElements: RouteElements = {
  mealTypes: <MealTypesPage />,
  mealTypesCategories: <MealTypeCategoriesPage />,
};
