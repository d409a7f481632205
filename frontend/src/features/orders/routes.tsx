import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const OrderDetailsPage = lazyPage(() => import('./pages/OrderDetailsPage'), 'OrderDetailsPage');
const OrderFormPage = lazyPage(() => import('./pages/OrderFormPage'), 'OrderFormPage');
const OrdersPage = lazyPage(() => import('./pages/OrdersPage'), 'OrdersPage');
const PrepaidOrderPage = lazyPage(() => import('./pages/PrepaidOrderPage'), 'PrepaidOrderPage');

export const routeElements: RouteElements = {
  'orders.list': <OrdersPage />,
  'orders.details': <OrderDetailsPage />,
  'orders.create': <OrderFormPage mode="create" />,
  'orders.edit': <OrderFormPage mode="edit" />,
  'orders.createPrepaidOrder': <PrepaidOrderPage />,
};
