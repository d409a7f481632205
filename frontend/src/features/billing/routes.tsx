import type { RouteElements } from '@/app/routes/route-elements';
import { BillingPage } from './pages/BillingPage';

export const routeElements: RouteElements = {
  billing: <BillingPage />,
};
