import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const UsersPresencesPage = lazyPage(() => import('./pages/UsersPresencesPage'), 'UsersPresencesPage');

export const routeElements: RouteElements = {
  'users.presences': <UsersPresencesPage />,
};
