import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const UsersActivityPage = lazyPage(() => import('./pages/UsersActivityPage'), 'UsersActivityPage');

export const routeElements: RouteElements = {
  'users.activity': <UsersActivityPage />,
};
