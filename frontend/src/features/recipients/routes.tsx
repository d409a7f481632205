import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const RecipientsPage = lazyPage(() => import('./pages/RecipientsPage'), 'RecipientsPage');

export const routeElements: RouteElements = {
  recipients: <RecipientsPage />,
};
