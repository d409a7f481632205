import type { RouteElements } from '@/app/routes/route-elements';
import { UsersTransactionsPage } from './pages/UsersTransactionsPage';

export const routeElements: RouteElements = {
  usersTransactions: <UsersTransactionsPage />,
};
