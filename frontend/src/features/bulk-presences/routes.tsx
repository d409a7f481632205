import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const BulkPresencesPage = lazyPage(() => import('./pages/BulkPresencesPage'), 'BulkPresencesPage');

export const routeElements: RouteElements = {
  'calendar.bulkPresences': <BulkPresencesPage />,
};
