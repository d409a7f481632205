import type { RouteElements } from '@/app/routes/route-elements';
import { OrderDetailsPage } from './pages/OrderDetailsPage';
import { OrderFormPage } from './pages/OrderFormPage';
import { OrdersPage } from './pages/OrdersPage';
import { PrepaidOrderPage } from './pages/PrepaidOrderPage';

export const routeElements: RouteElements = {
  'orders.list': <OrdersPage />,
  'orders.details': <OrderDetailsPage />,
  'orders.create': <OrderFormPage mode="create" />,
  'orders.edit': <OrderFormPage mode="edit" />,
  'orders.createPrepaidOrder': <PrepaidOrderPage />,
};
