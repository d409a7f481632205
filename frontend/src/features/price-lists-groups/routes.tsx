import type { RouteElements } from '@/app/routes/route-elements';
import { PriceListsGroupFormPage } from './pages/PriceListsGroupFormPage';
import { PriceListsGroupsPage } from './pages/PriceListsGroupsPage';

export const routeElements: RouteElements = {
  'priceListsGroups.list': <PriceListsGroupsPage />,
  'priceListsGroups.create': <PriceListsGroupFormPage />,
  'priceListsGroups.edit': <PriceListsGroupFormPage />,
};
