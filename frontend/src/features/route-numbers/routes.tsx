import type { RouteElements } from '@/app/routes/route-elements';
import { RouteNumbersPage } from './pages/RouteNumbersPage';

export const routeElements: RouteElements = {
  routeNumbers: <RouteNumbersPage />,
};
