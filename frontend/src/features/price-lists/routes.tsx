import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const PriceListFormPage = lazyPage(() => import('./pages/PriceListFormPage'), 'PriceListFormPage');
const PriceListsPage = lazyPage(() => import('./pages/PriceListsPage'), 'PriceListsPage');

export const routeElements: RouteElements = {
  'priceLists.list': <PriceListsPage />,
  'priceLists.create': <PriceListFormPage />,
  'priceLists.edit': <PriceListFormPage edit />,
};
