import type { RouteElements } from '@/app/routes/route-elements';
import { TransactionsPage } from './pages/TransactionsPage';

export const routeElements: RouteElements = {
  transactions: <TransactionsPage />,
};
