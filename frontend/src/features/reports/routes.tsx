import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ReportsPage = lazyPage(() => import('./pages/ReportsPage'), 'ReportsPage');

export const routeElements: RouteElements = {
  reports: <ReportsPage />,
};
