import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealsMenuCreatePage = lazyPage(() => import('./pages/MealsMenuCreatePage'), 'MealsMenuCreatePage');
const MealsMenuEditPage = lazyPage(() => import('./pages/MealsMenuEditPage'), 'MealsMenuEditPage');
const MealsMenuImportPage = lazyPage(() => import('./pages/MealsMenuImportPage'), 'MealsMenuImportPage');
const MealsMenusPage = lazyPage(() => import('./pages/MealsMenusPage'), 'MealsMenusPage');
const MealsMenusPrintsPage = lazyPage(() => import('./pages/MealsMenusPrintsPage'), 'MealsMenusPrintsPage');

export const routeElements: RouteElements = {
  'mealsMenus.list': <MealsMenusPage />,
  'mealsMenus.create': <MealsMenuCreatePage />,
  'mealsMenus.edit': <MealsMenuEditPage />,
  'mealsMenus.import': <MealsMenuImportPage />,
  mealsMenusPrints: <MealsMenusPrintsPage />,
};
