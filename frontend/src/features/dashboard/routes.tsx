import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');

export const routeElements: RouteElements = {
  dashboard: <DashboardPage />,
};
