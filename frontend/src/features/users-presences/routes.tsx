import type { RouteElements } from '@/app/routes/route-elements';
import { UsersPresencesPage } from './pages/UsersPresencesPage';

export const routeElements: RouteElements = {
  'users.presences': <UsersPresencesPage />,
};
