import type { RouteElements } from '@/app/routes/route-elements';
import { DietFormPage } from './pages/DietFormPage';
import { DietsPage } from './pages/DietsPage';

export const routeElements: RouteElements = {
  'diets.list': <DietsPage />,
  'diets.create': <DietFormPage />,
  'diets.edit': <DietFormPage />,
};
