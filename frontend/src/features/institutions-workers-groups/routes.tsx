import type { RouteElements } from '@/app/routes/route-elements';
import { WorkersGroupDetailsPage } from './pages/WorkersGroupDetailsPage';
import { WorkersGroupFormPage } from './pages/WorkersGroupFormPage';
import { WorkersGroupsPage } from './pages/WorkersGroupsPage';

export const routeElements: RouteElements = {
  'institutionsWorkersGroups.list': <WorkersGroupsPage />,
  'institutionsWorkersGroups.create': <WorkersGroupFormPage />,
  'institutionsWorkersGroups.details': <WorkersGroupDetailsPage />,
  'institutionsWorkersGroups.edit': <WorkersGroupFormPage />,
};
