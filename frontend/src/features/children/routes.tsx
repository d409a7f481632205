import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ChildFormPage = lazyPage(() => import('./pages/ChildFormPage'), 'ChildFormPage');
const ChildrenImportPage = lazyPage(() => import('./pages/ChildrenImportPage'), 'ChildrenImportPage');
const ChildrenPage = lazyPage(() => import('./pages/ChildrenPage'), 'ChildrenPage');
const ParentChildrenPage = lazyPage(() => import('./pages/ParentChildrenPage'), 'ParentChildrenPage');

export const routeElements: RouteElements = {
  'children.list': <ChildrenPage />,
  'children.import': <ChildrenImportPage />,
  'children.create': <ChildFormPage />,
  'children.edit': <ChildFormPage />,
  'parents.children': <ParentChildrenPage />,
};
