import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealsToPreparePage = lazyPage(() => import('./pages/MealsToPreparePage'), 'MealsToPreparePage');

export const routeElements: RouteElements = {
  mealsToPrepare: <MealsToPreparePage />,
};
