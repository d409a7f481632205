import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const KitchensPage = lazyPage(() => import('./pages/KitchensPage'), 'KitchensPage');

export const routeElements: RouteElements = {
  kitchens: <KitchensPage />,
};
