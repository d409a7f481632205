import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const FreeDaysPage = lazyPage(() => import('./pages/FreeDaysPage'), 'FreeDaysPage');

export const routeElements: RouteElements = {
  'calendar.freeDays': <FreeDaysPage />,
};
