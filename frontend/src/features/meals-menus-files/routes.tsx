import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealsMenuFileFormPage = lazyPage(() => import('./pages/MealsMenuFileFormPage'), 'MealsMenuFileFormPage');
const MealsMenusFilesPage = lazyPage(() => import('./pages/MealsMenusFilesPage'), 'MealsMenusFilesPage');

export const routeElements: RouteElements = {
  'mealsMenusFiles.list': <MealsMenusFilesPage />,
  'mealsMenusFiles.create': <MealsMenuFileFormPage />,
  'mealsMenusFiles.edit': <MealsMenuFileFormPage />,
};
