import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const BillingPage = lazyPage(() => import('./pages/BillingPage'), 'BillingPage');

export const routeElements: RouteElements = {
  billing: <BillingPage />,
};
