import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const DriversPage = lazyPage(() => import('./pages/DriversPage'), 'DriversPage');

export const routeElements: RouteElements = {
  drivers: <DriversPage />,
};
