import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const PortionSizesPage = lazyPage(() => import('./pages/PortionSizesPage'), 'PortionSizesPage');

export const routeElements: RouteElements = {
  portionSizes: <PortionSizesPage />,
};
