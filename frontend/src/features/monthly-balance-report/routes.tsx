import type { RouteElements } from '@/app/routes/route-elements';
import { MonthlyBalanceReportPage } from './pages/MonthlyBalanceReportPage';

export const routeElements: RouteElements = {
  monthlyBalanceReport: <MonthlyBalanceReportPage />,
};
