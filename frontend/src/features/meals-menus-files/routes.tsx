import type { RouteElements } from '@/app/routes/route-elements';
import { MealsMenuFileFormPage } from './pages/MealsMenuFileFormPage';
import { MealsMenusFilesPage } from './pages/MealsMenusFilesPage';

export const routeElements: RouteElements = {
  'mealsMenusFiles.list': <MealsMenusFilesPage />,
  'mealsMenusFiles.create': <MealsMenuFileFormPage />,
  'mealsMenusFiles.edit': <MealsMenuFileFormPage />,
};
