import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const RouteNumbersPage = lazyPage(() => import('./pages/RouteNumbersPage'), 'RouteNumbersPage');

export const routeElements: RouteElements = {
  routeNumbers: <RouteNumbersPage />,
};
