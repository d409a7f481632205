import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const OrdersLabelsPage = lazyPage(() => import('./pages/OrdersLabelsPage'), 'OrdersLabelsPage');

export const routeElements: RouteElements = {
  ordersLabels: <OrdersLabelsPage />,
};
