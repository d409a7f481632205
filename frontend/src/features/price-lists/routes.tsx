import type { RouteElements } from '@/app/routes/route-elements';
import { PriceListFormPage } from './pages/PriceListFormPage';
import { PriceListsPage } from './pages/PriceListsPage';

export const routeElements: RouteElements = {
  'priceLists.list': <PriceListsPage />,
  'priceLists.create': <PriceListFormPage />,
  'priceLists.edit': <PriceListFormPage edit />,
};
