import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const AutomatedReportFormPage = lazyPage(() => import('./pages/AutomatedReportFormPage'), 'AutomatedReportFormPage');
const AutomatedReportsPage = lazyPage(() => import('./pages/AutomatedReportsPage'), 'AutomatedReportsPage');

export const routeElements: RouteElements = {
  'automatedReports.list': <AutomatedReportsPage />,
  'automatedReports.create': <AutomatedReportFormPage />,
  'automatedReports.edit': <AutomatedReportFormPage edit />,
};
