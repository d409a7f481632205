import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const PriceListsGroupFormPage = lazyPage(() => import('./pages/PriceListsGroupFormPage'), 'PriceListsGroupFormPage');
const PriceListsGroupsPage = lazyPage(() => import('./pages/PriceListsGroupsPage'), 'PriceListsGroupsPage');

export const routeElements: RouteElements = {
  'priceListsGroups.list': <PriceListsGroupsPage />,
  'priceListsGroups.create': <PriceListsGroupFormPage />,
  'priceListsGroups.edit': <PriceListsGroupFormPage />,
};
