import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const TransactionsPage = lazyPage(() => import('./pages/TransactionsPage'), 'TransactionsPage');

export const routeElements: RouteElements = {
  transactions: <TransactionsPage />,
};
