import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const WorkerDetailsPage = lazyPage(() => import('./pages/WorkerDetailsPage'), 'WorkerDetailsPage');
const WorkerFormPage = lazyPage(() => import('./pages/WorkerFormPage'), 'WorkerFormPage');
const WorkersPage = lazyPage(() => import('./pages/WorkersPage'), 'WorkersPage');

export const routeElements: RouteElements = {
  'institutionsWorkers.list': <WorkersPage />,
  'institutionsWorkers.create': <WorkerFormPage />,
  'institutionsWorkers.details': <WorkerDetailsPage />,
  'institutionsWorkers.edit': <WorkerFormPage />,
};
