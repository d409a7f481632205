import type { RouteElements } from '@/app/routes/route-elements';
import { KitchensPage } from './pages/KitchensPage';

export const routeElements: RouteElements = {
  kitchens: <KitchensPage />,
};
