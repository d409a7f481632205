import type { RouteElements } from '@/app/routes/route-elements';
import { ParentDetailsPage } from './pages/ParentDetailsPage';
import { ParentFormPage } from './pages/ParentFormPage';
import { ParentsPage } from './pages/ParentsPage';

export const routeElements: RouteElements = {
  'parents.list': <ParentsPage />,
  'parents.create': <ParentFormPage />,
  'parents.details': <ParentDetailsPage />,
  'parents.edit': <ParentFormPage />,
};
