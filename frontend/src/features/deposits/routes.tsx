import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const DepositsPage = lazyPage(() => import('./pages/DepositsPage'), 'DepositsPage');

export const routeElements: RouteElements = {
  deposits: <DepositsPage />,
};
