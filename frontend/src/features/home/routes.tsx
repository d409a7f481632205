import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const HomePage = lazyPage(() => import('./pages/HomePage'), 'HomePage');

export const routeElements: RouteElements = {
  home: <HomePage />,
};
