import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const InvoicesFilesPage = lazyPage(() => import('./pages/InvoicesFilesPage'), 'InvoicesFilesPage');
const CreateInvoicePage = lazyPage(() => import('./pages/CreateInvoicePage'), 'CreateInvoicePage');

export const routeElements: RouteElements = {
  'invoicesFiles.list': <InvoicesFilesPage />,
  'invoicesFiles.create': <CreateInvoicePage />,
};
