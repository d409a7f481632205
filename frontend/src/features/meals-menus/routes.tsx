import type { RouteElements } from '@/app/routes/route-elements';
import { MealsMenuCreatePage } from './pages/MealsMenuCreatePage';
import { MealsMenuEditPage } from './pages/MealsMenuEditPage';
import { MealsMenuImportPage } from './pages/MealsMenuImportPage';
import { MealsMenusPage } from './pages/MealsMenusPage';
import { MealsMenusPrintsPage } from './pages/MealsMenusPrintsPage';

export const routeElements: RouteElements = {
  'mealsMenus.list': <MealsMenusPage />,
  'mealsMenus.create': <MealsMenuCreatePage />,
  'mealsMenus.edit': <MealsMenuEditPage />,
  'mealsMenus.import': <MealsMenuImportPage />,
  mealsMenusPrints: <MealsMenusPrintsPage />,
};
