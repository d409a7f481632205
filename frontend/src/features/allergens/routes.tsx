import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const AllergenGroupsPage = lazyPage(() => import('./pages/AllergenGroupsPage'), 'AllergenGroupsPage');
const AllergensPage = lazyPage(() => import('./pages/AllergensPage'), 'AllergensPage');

export const routeElements: RouteElements = {
  allergens: <AllergensPage />,
  allergensGroups: <AllergenGroupsPage />,
};
