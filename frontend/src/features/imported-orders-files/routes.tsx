import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ImportedOrdersFilesPage = lazyPage(() => import('./pages/ImportedOrdersFilesPage'), 'ImportedOrdersFilesPage');
const ImportedOrdersFilePage = lazyPage(() => import('./pages/ImportedOrdersFilePage'), 'ImportedOrdersFilePage');

export const routeElements: RouteElements = {
  'importedOrdersFiles.list': <ImportedOrdersFilesPage />,
  'importedOrdersFiles.details': <ImportedOrdersFilePage />,
};
