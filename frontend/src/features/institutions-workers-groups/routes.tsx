import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const WorkersGroupDetailsPage = lazyPage(() => import('./pages/WorkersGroupDetailsPage'), 'WorkersGroupDetailsPage');
const WorkersGroupFormPage = lazyPage(() => import('./pages/WorkersGroupFormPage'), 'WorkersGroupFormPage');
const WorkersGroupsPage = lazyPage(() => import('./pages/WorkersGroupsPage'), 'WorkersGroupsPage');

export const routeElements: RouteElements = {
  'institutionsWorkersGroups.list': <WorkersGroupsPage />,
  'institutionsWorkersGroups.create': <WorkersGroupFormPage />,
  'institutionsWorkersGroups.details': <WorkersGroupDetailsPage />,
  'institutionsWorkersGroups.edit': <WorkersGroupFormPage />,
};
