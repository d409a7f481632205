import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ReturnRequestsPage = lazyPage(() => import('./pages/ReturnRequestsPage'), 'ReturnRequestsPage');

export const routeElements: RouteElements = {
  returnRequests: <ReturnRequestsPage />,
};
