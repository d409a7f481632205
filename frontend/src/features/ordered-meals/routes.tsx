import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const OrderedMealsPage = lazyPage(() => import('./pages/OrderedMealsPage'), 'OrderedMealsPage');

export const routeElements: RouteElements = {
  orderedMeals: <OrderedMealsPage />,
};
