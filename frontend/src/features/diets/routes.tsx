import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const DietFormPage = lazyPage(() => import('./pages/DietFormPage'), 'DietFormPage');
const DietsPage = lazyPage(() => import('./pages/DietsPage'), 'DietsPage');

export const routeElements: RouteElements = {
  'diets.list': <DietsPage />,
  'diets.create': <DietFormPage />,
  'diets.edit': <DietFormPage />,
};
