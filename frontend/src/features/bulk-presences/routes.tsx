import type { RouteElements } from '@/app/routes/route-elements';
import { BulkPresencesPage } from './pages/BulkPresencesPage';

export const routeElements: RouteElements = {
  'calendar.bulkPresences': <BulkPresencesPage />,
};
