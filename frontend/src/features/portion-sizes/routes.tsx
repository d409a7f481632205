import type { RouteElements } from '@/app/routes/route-elements';
import { PortionSizesPage } from './pages/PortionSizesPage';

export const routeElements: RouteElements = {
  portionSizes: <PortionSizesPage />,
};
