import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const UsersTransactionsPage = lazyPage(() => import('./pages/UsersTransactionsPage'), 'UsersTransactionsPage');

export const routeElements: RouteElements = {
  usersTransactions: <UsersTransactionsPage />,
};
