import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ProfilePage = lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage');

export const routeElements: RouteElements = {
  profile: <ProfilePage />,
};
