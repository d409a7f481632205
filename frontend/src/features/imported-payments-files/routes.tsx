import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ImportedPaymentsFilesPage = lazyPage(() => import('./pages/ImportedPaymentsFilesPage'), 'ImportedPaymentsFilesPage');
const ImportedPaymentsFilePage = lazyPage(() => import('./pages/ImportedPaymentsFilePage'), 'ImportedPaymentsFilePage');

export const routeElements: RouteElements = {
  'importedPaymentsFiles.list': <ImportedPaymentsFilesPage />,
  'importedPaymentsFiles.details': <ImportedPaymentsFilePage />,
};
