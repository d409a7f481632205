import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ChildrenGroupDetailsPage = lazyPage(() => import('./pages/ChildrenGroupDetailsPage'), 'ChildrenGroupDetailsPage');
const ChildrenGroupFormPage = lazyPage(() => import('./pages/ChildrenGroupFormPage'), 'ChildrenGroupFormPage');
const ChildrenGroupsPage = lazyPage(() => import('./pages/ChildrenGroupsPage'), 'ChildrenGroupsPage');

export const routeElements: RouteElements = {
  'childrenGroups.list': <ChildrenGroupsPage />,
  'childrenGroups.create': <ChildrenGroupFormPage />,
  'childrenGroups.details': <ChildrenGroupDetailsPage />,
  'childrenGroups.edit': <ChildrenGroupFormPage />,
};
