import type { RouteElements } from '@/app/routes/route-elements';
import { HomePage } from './pages/HomePage';

export const routeElements: RouteElements = {
  home: <HomePage />,
};
