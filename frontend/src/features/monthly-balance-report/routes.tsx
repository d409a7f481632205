import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MonthlyBalanceReportPage = lazyPage(() => import('./pages/MonthlyBalanceReportPage'), 'MonthlyBalanceReportPage');

export const routeElements: RouteElements = {
  monthlyBalanceReport: <MonthlyBalanceReportPage />,
};
