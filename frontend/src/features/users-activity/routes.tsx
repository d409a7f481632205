import type { RouteElements } from '@/app/routes/route-elements';
import { UsersActivityPage } from './pages/UsersActivityPage';

export const routeElements: RouteElements = {
  'users.activity': <UsersActivityPage />,
};
