import type { RouteElements } from '@/app/routes/route-elements';
import { OrderedMealsPage } from './pages/OrderedMealsPage';

export const routeElements: RouteElements = {
  orderedMeals: <OrderedMealsPage />,
};
