import type { RouteElements } from '@/app/routes/route-elements';
import { MealTypeCategoriesPage } from './pages/MealTypeCategoriesPage';
import { MealTypesPage } from './pages/MealTypesPage';

export const routeElements: RouteElements = {
  mealTypes: <MealTypesPage />,
  mealTypesCategories: <MealTypeCategoriesPage />,
};
