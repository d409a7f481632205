import type { RouteElements } from '@/app/routes/route-elements';
import { DriversPage } from './pages/DriversPage';

export const routeElements: RouteElements = {
  drivers: <DriversPage />,
};
