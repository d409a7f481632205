import type { RouteElements } from '@/app/routes/route-elements';
import { ChildrenGroupDetailsPage } from './pages/ChildrenGroupDetailsPage';
import { ChildrenGroupFormPage } from './pages/ChildrenGroupFormPage';
import { ChildrenGroupsPage } from './pages/ChildrenGroupsPage';

export const routeElements: RouteElements = {
  'childrenGroups.list': <ChildrenGroupsPage />,
  'childrenGroups.create': <ChildrenGroupFormPage />,
  'childrenGroups.details': <ChildrenGroupDetailsPage />,
  'childrenGroups.edit': <ChildrenGroupFormPage />,
};
