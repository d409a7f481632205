import type { RouteElements } from '@/app/routes/route-elements';
import { FreeDaysPage } from './pages/FreeDaysPage';

export const routeElements: RouteElements = {
  'calendar.freeDays': <FreeDaysPage />,
};
