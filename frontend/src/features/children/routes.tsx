import type { RouteElements } from '@/app/routes/route-elements';
import { ChildFormPage } from './pages/ChildFormPage';
import { ChildrenImportPage } from './pages/ChildrenImportPage';
import { ChildrenPage } from './pages/ChildrenPage';
import { ParentChildrenPage } from './pages/ParentChildrenPage';

export const routeElements: RouteElements = {
  'children.list': <ChildrenPage />,
  'children.import': <ChildrenImportPage />,
  'children.create': <ChildFormPage />,
  'children.edit': <ChildFormPage />,
  'parents.children': <ParentChildrenPage />,
};
