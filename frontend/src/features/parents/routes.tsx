import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ParentDetailsPage = lazyPage(() => import('./pages/ParentDetailsPage'), 'ParentDetailsPage');
const ParentFormPage = lazyPage(() => import('./pages/ParentFormPage'), 'ParentFormPage');
const ParentsPage = lazyPage(() => import('./pages/ParentsPage'), 'ParentsPage');

export const routeElements: RouteElements = {
  'parents.list': <ParentsPage />,
  'parents.create': <ParentFormPage />,
  'parents.details': <ParentDetailsPage />,
  'parents.edit': <ParentFormPage />,
};
