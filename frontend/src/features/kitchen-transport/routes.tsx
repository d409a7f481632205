import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteChildren } from '@/app/routes/route-elements';

const TransportSection = lazyPage(() => import('./components/TransportSection'), 'TransportSection');

/** The transport panel renders inside `/mealsToPrepare` (its page keeps an <Outlet />), below the counts. */
export const routeChildren: RouteChildren = {
  mealsToPrepare: [{ index: true, element: <TransportSection /> }],
};
