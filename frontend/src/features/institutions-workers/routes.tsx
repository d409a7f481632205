import type { RouteElements } from '@/app/routes/route-elements';
import { WorkerDetailsPage } from './pages/WorkerDetailsPage';
import { WorkerFormPage } from './pages/WorkerFormPage';
import { WorkersPage } from './pages/WorkersPage';

export const routeElements: RouteElements = {
  'institutionsWorkers.list': <WorkersPage />,
  'institutionsWorkers.create': <WorkerFormPage />,
  'institutionsWorkers.details': <WorkerDetailsPage />,
  'institutionsWorkers.edit': <WorkerFormPage />,
};
