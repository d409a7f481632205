import type { RouteElements } from '@/app/routes/route-elements';
import { DepositsPage } from './pages/DepositsPage';

export const routeElements: RouteElements = {
  deposits: <DepositsPage />,
};
